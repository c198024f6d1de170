import { Alert, Button, Empty, Form, Input, Popconfirm, Skeleton, Space, Tag } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { communitySearchUserBody, organizationLabels, type CommunityMember, type CommunityUserHit } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { formatDate } from '../../../lib/format';
import { useCommunity } from '../api/get-community';
import { searchUser } from '../api/search-user';
import { addMember } from '../api/add-member';
import { removeMember } from '../api/remove-member';
import { transferCommunity } from '../api/transfer-community';
import { decideApplication } from '../api/decide-application';

function AddByPhone({ rid }: { rid: string }) {
  const [form] = Form.useForm<{ phone: string }>();
  const [hit, setHit] = useState<CommunityUserHit | null>(null);
  const search = useApiMutation({ mutationFn: (number: string) => searchUser(rid, number), onSuccess: (found) => setHit(found) });
  const add = useApiMutation({
    mutationFn: (memberRid: string) => addMember(rid, memberRid),
    invalidates: memberDataKeys,
    onSuccess: () => {
      feedback.success('成员已添加');
      setHit(null);
      form.resetFields();
    },
  });
  return (
    <div className="community-add">
      <SchemaForm
        form={form}
        name="community-search"
        schema={communitySearchUserBody}
        body={({ phone }) => ({ rid, phone })}
        layout="inline"
        className="member-search"
        initialValues={{ phone: '' }}
        onSubmit={(body) => {
          setHit(null);
          search.mutate(body.phone);
        }}
      >
        <Form.Item name="phone" className="member-search-field">
          <Input aria-label="成员手机号" maxLength={11} inputMode="numeric" placeholder="输入手机号查找会员" />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" loading={search.isPending}>
            查找
          </Button>
        </Form.Item>
      </SchemaForm>
      {hit ? (
        <div className="community-hit" data-testid="user-hit">
          <span>
            <strong>{hit.name}</strong> {hit.phone} {hit.organization !== null ? <Tag>{organizationLabels[hit.organization]}</Tag> : null}
            {hit.company ? <span className="community-hit-company">{hit.company}</span> : null}
            {hit.masked ? <span className="community-hit-note">（为保护隐私，姓名和单位已部分隐藏，请核对后再添加）</span> : null}
          </span>
          {hit.status === 'approved' ? (
            <Tag color="green">已是成员</Tag>
          ) : (
            <Button type="primary" size="small" icon={<UserAddOutlined />} loading={add.isPending} onClick={() => add.mutate(hit.member_rid)}>
              添加为成员
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** The owner's view of one community: applications to decide, members to remove or hand over to. */
export function CommunityMembers({ rid }: { rid: string }) {
  const { data, isPending, isError, error } = useCommunity(rid);
  const decide = useApiMutation({
    mutationFn: ({ memberRid, agree }: { memberRid: string; agree: boolean }) => decideApplication(rid, memberRid, agree),
    invalidates: memberDataKeys,
    onSuccess: (_, { agree }) => feedback.success(agree ? '已同意入团申请' : '已拒绝入团申请'),
  });
  const transfer = useApiMutation({ mutationFn: (memberRid: string) => transferCommunity(rid, memberRid), invalidates: memberDataKeys, onSuccess: () => feedback.success('团体已转让') });
  const remove = useApiMutation({ mutationFn: (memberRid: string) => removeMember(rid, memberRid), invalidates: memberDataKeys, onSuccess: () => feedback.success('成员已移出') });
  const deciding = (memberRid: string, agree: boolean) => decide.isPending && decide.variables.memberRid === memberRid && decide.variables.agree === agree;
  if (isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (isError) return <Alert type="error" showIcon title="成员加载失败" description={error.message} />;
  const members: CommunityMember[] = data.members ?? [];
  const pending = members.filter((m) => m.status === 'pending');
  const approved = members.filter((m) => m.status === 'approved');
  return (
    <div className="community-members">
      <h4>入团申请{pending.length ? <Tag color="orange">{pending.length}</Tag> : null}</h4>
      {pending.length === 0 ? (
        <p className="member-muted">暂无待审核的申请</p>
      ) : (
        <ul className="community-people" aria-label="入团申请">
          {pending.map((m) => (
            <li key={m.member_rid} data-testid="application">
              <span className="community-person">
                <strong>{m.name}</strong> {m.phone} {m.company ? <small>{m.company}</small> : null}
                {m.message ? <small className="member-muted">申请说明：{m.message}</small> : null}
                <small className="member-muted">申请于 {formatDate(m.appliedAt)}</small>
              </span>
              <Space>
                <Button type="primary" size="small" loading={deciding(m.member_rid, true)} onClick={() => decide.mutate({ memberRid: m.member_rid, agree: true })}>
                  同意
                </Button>
                <Button size="small" loading={deciding(m.member_rid, false)} onClick={() => decide.mutate({ memberRid: m.member_rid, agree: false })}>
                  拒绝
                </Button>
              </Space>
            </li>
          ))}
        </ul>
      )}
      <h4>团体成员（{approved.length}）</h4>
      {approved.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无成员" />
      ) : (
        <ul className="community-people" aria-label="团体成员">
          {approved.map((m) => (
            <li key={m.member_rid} data-testid="member">
              <span className="community-person">
                <strong>{m.name}</strong> {m.phone} {m.role === 'owner' ? <Tag color="blue">负责人</Tag> : null}
                {m.company ? <small>{m.company}</small> : null}
              </span>
              {m.role === 'owner' ? null : (
                <Space>
                  <Popconfirm
                    title={`确定将团体转让给 ${m.name} 吗？`}
                    description="转让后您将成为普通成员，不能再管理该团体。"
                    okText="转让"
                    cancelText="取消"
                    onConfirm={() => transfer.mutate(m.member_rid)}
                  >
                    <Button size="small" loading={transfer.isPending && transfer.variables === m.member_rid}>
                      转让
                    </Button>
                  </Popconfirm>
                  <Popconfirm title={`确定将 ${m.name} 移出团体吗？`} okText="移出" cancelText="取消" onConfirm={() => remove.mutate(m.member_rid)}>
                    <Button size="small" danger loading={remove.isPending && remove.variables === m.member_rid}>
                      移出
                    </Button>
                  </Popconfirm>
                </Space>
              )}
            </li>
          ))}
        </ul>
      )}
      <h4>添加成员</h4>
      <AddByPhone rid={rid} />
    </div>
  );
}
