import { App, Button, Descriptions, Empty, List, Space, Tag } from 'antd';
import { attestationReviewLabels, type AdminMemberDetail } from '@lab/contract';
import { useReasonPrompt } from '../../../components/admin/reason-prompt';
import { StatusTag } from '../../../components/admin/status-tag';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { approveAttestation, refuseAttestation, useDecision } from '../api/decide';
import { formatDateTime } from '../../../lib/format';
import { organizationText, reviewTones } from './labels';

const blank = <span className="admin-muted">未填写</span>;
const text = (value: string | null | undefined) => (value ? value : blank);

/** 通过 / 驳回 a pending attestation from the member's page, as the 资料认证 queue does. */
function ReviewActions({ rid, name }: { rid: string; name: string }) {
  const approve = useDecision(approveAttestation);
  const refuse = useDecision(refuseAttestation);
  const prompt = useReasonPrompt();
  const { modal } = App.useApp();
  const onApprove = () =>
    modal.confirm({
      title: `通过 ${name} 的资料认证？`,
      content: '通过后会员会收到站内消息。',
      okText: '通过',
      cancelText: '取消',
      onOk: () =>
        settled(
          approve.mutateAsync({ rid }, {
            onSuccess: () => {
              feedback.success('资料认证已通过，已通知会员');
            },
          }),
        ),
    });
  const onRefuse = async () => {
    const reason = await prompt({ title: `驳回 ${name} 的资料认证`, label: '驳回原因', placeholder: '会员将看到此原因，修改后可重新提交', required: true, okText: '驳回', danger: true });
    if (reason === null) return;
    refuse.mutate({ rid, reason }, {
      onSuccess: () => {
        feedback.success('已驳回，已通知会员');
      },
    });
  };
  return (
    <Space size={4}>
      <Button size="small" type="primary" onClick={onApprove}>通过</Button>
      <Button size="small" danger onClick={() => void onRefuse()}>驳回</Button>
    </Space>
  );
}

/** 资料: the account, the attestation with the lab's review (decided here too by sales), the address book. */
export function MemberProfileTab({ member, canReview }: { member: AdminMemberDetail; canReview: boolean }) {
  const { account, profile, review, addresses } = member;
  const region = [profile.province, profile.city === profile.province ? '' : profile.city, profile.area].filter(Boolean).join(' ');
  return (
    <div className="admin-page-body">
      <Descriptions
        title="账号"
        size="small"
        bordered
        styles={{ label: { whiteSpace: 'nowrap' } }}
        column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
        items={[
          { key: 'phone', label: '手机号', children: account.phone },
          { key: 'nickname', label: '昵称', children: account.nickname },
          { key: 'name', label: '姓名', children: text(account.name) },
          { key: 'email', label: '邮箱', children: text(account.email) },
          { key: 'company', label: '单位', children: text(account.company) },
          { key: 'organization', label: '用户类型', children: organizationText(account.organization) },
          { key: 'invite', label: '邀请码', children: account.inviteCode },
          { key: 'inviter', label: '邀请人', children: account.inviter ? `${account.inviter.name}（${account.inviter.phone}）` : <span className="admin-muted">无</span> },
          { key: 'registered', label: '注册时间', children: formatDateTime(account.createdAt) },
          { key: 'login', label: '最近登录', children: account.lastLoginAt ? formatDateTime(account.lastLoginAt) : <span className="admin-muted">从未登录</span> },
        ]}
      />
      <Descriptions
        title="资料认证"
        size="small"
        bordered
        styles={{ label: { whiteSpace: 'nowrap' } }}
        column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
        extra={
          <Space size={8}>
            <StatusTag status={review.status} labels={attestationReviewLabels} tones={reviewTones} />
            {canReview && review.status === 'pending' ? <ReviewActions rid={account.rid} name={account.name || account.nickname} /> : null}
          </Space>
        }
        items={[
          { key: 'teacher', label: '导师/负责人', children: text(profile.teacher) },
          { key: 'teacherPhone', label: '导师手机', children: text(profile.teacher_phone) },
          { key: 'teacherMail', label: '导师邮箱', children: text(profile.teacher_mail) },
          { key: 'region', label: '收货地区', children: text(region) },
          { key: 'address', label: '详细地址', children: text(profile.address) },
          { key: 'submitted', label: '提交时间', children: profile.attestedAt ? formatDateTime(profile.attestedAt) : <span className="admin-muted">未提交</span> },
          ...(review.reviewedAt
            ? [
                { key: 'reviewed', label: '审核', children: `${review.reviewer?.name ?? '—'} · ${formatDateTime(review.reviewedAt)}` },
                { key: 'note', label: review.status === 'refused' ? '驳回原因' : '审核备注', children: text(review.note) },
              ]
            : []),
        ]}
      />
      <div>
        <h3 className="customers-subtitle">收货地址（{addresses.length}）</h3>
        {addresses.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="会员尚未添加收货地址，无法正常下单" />
        ) : (
          <List
            size="small"
            bordered
            dataSource={addresses}
            renderItem={(address) => (
              <List.Item>
                <div>
                  <strong>{address.name}</strong> <span className="admin-muted">{address.phone}</span> {address.default === 1 && <Tag color="blue">默认</Tag>}
                  {address.disabled && <Tag>不支持上门取样</Tag>}
                  <div>{[address.province, address.city === address.province ? '' : address.city, address.area, address.address].filter(Boolean).join('')}</div>
                </div>
              </List.Item>
            )}
          />
        )}
      </div>
    </div>
  );
}
