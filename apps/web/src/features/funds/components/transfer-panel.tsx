import { Alert, Button, Empty, Form, Input, Pagination, Radio, Select, Skeleton, Tag } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { formatFen, transferAddBody, type AssetOverview, type TransferStatus } from '@lab/contract';
import { Link } from 'react-router';
import { CancelRequestButton } from '../../../components/member/cancel-request-button';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { SchemaForm } from '../../../components/schema-form';
import { addTransfer } from '../api/add-transfer';
import { cancelTransfer } from '../api/cancel-transfer';
import { useTransfers } from '../api/list-transfers';
import { formatDateTime } from './money';

const statusColor: Record<TransferStatus, string> = { pending: 'processing', done: 'success', refused: 'error', cancelled: 'default' };

interface Values {
  community_rid?: string;
  direction?: 'toCommunity' | 'toMember';
  amount?: string;
  remark?: string;
}

function TransferList() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useTransfers(page);
  const cancel = useApiMutation({ mutationFn: cancelTransfer, invalidates: memberDataKeys, onSuccess: () => feedback.success('转账申请已取消') });
  if (isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (isError) return <Alert type="error" showIcon title="转账记录加载失败" description={error.message} />;
  if (data.list.length === 0) return <p className="member-muted">暂无转账记录。</p>;
  return (
    <>
      <ul className="member-list" aria-label="转账记录">
        {data.list.map((t) => (
          <li key={t.rid} className="member-item">
            <div className="member-item-main">
              <h3>
                {t.direction === 'toCommunity' ? `我的账户 → ${t.community.name}` : `${t.community.name} → 我的账户`}
                <strong>{formatFen(t.amountFen)}</strong>
                <Tag color={statusColor[t.status]}>{t.statusText}</Tag>
              </h3>
              {t.remark ? <p className="member-muted">备注：{t.remark}</p> : null}
              {t.refuseReason ? <p className="funds-error-text">驳回原因：{t.refuseReason}</p> : null}
              <p className="member-muted funds-meta">
                <span>申请时间 {formatDateTime(t.createdAt)}</span>
                {t.doneAt ? <span>完成时间 {formatDateTime(t.doneAt)}</span> : null}
              </p>
            </div>
            {t.status === 'pending' ? (
              <div className="member-item-actions">
                <CancelRequestButton what="转账申请" busy={cancel.isPending && cancel.variables === t.rid} onConfirm={() => cancel.mutate(t.rid)} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {data.total > data.pageSize ? <Pagination align="end" current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} /> : null}
    </>
  );
}

/** 团体转账: between my account and a community I own; above the threshold finance approves first. */
export function TransferPanel({ communities, approvalFen }: { communities: AssetOverview['communities']; approvalFen: number }) {
  const [form] = Form.useForm<Values>();
  const transfer = useApiMutation({
    mutationFn: addTransfer,
    invalidates: memberDataKeys,
    onSuccess: (result) => {
      feedback.success(result.status === 'done' ? '转账成功' : '转账申请已提交，请等待财务审核');
      form.resetFields(['amount', 'remark']);
    },
  });

  if (communities.length === 0) {
    return (
      <section className="member-card" aria-label="团体转账">
        <h2 className="member-card-title">团体转账</h2>
        <Empty
          className="member-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="您还没有创建科研团体。老师创建课题组后，可将预存款转入团体账户，为组内学生的订单付款。"
        >
          <Link to="/member/communityMg">
            <Button>我管理的团体</Button>
          </Link>
        </Empty>
      </section>
    );
  }

  return (
    <section className="member-card" aria-label="团体转账">
      <h2 className="member-card-title">团体转账</h2>
      <Alert
        className="member-form-note"
        type="info"
        showIcon
        title={`单笔不超过 ${formatFen(approvalFen)} 即时到账；超过 ${formatFen(approvalFen)} 需财务审核，审核通过后划转。`}
      />
      <SchemaForm
        form={form}
        name="transfer"
        schema={transferAddBody}
        layout="vertical"
        className="member-form"
        initialValues={{ community_rid: communities[0]?.rid, direction: 'toCommunity' }}
        onSubmit={(body, values) => transfer.mutate({ community_rid: body.community_rid, direction: body.direction, amount: (values.amount ?? '').trim(), remark: body.remark })}
      >
        <div className="member-form-grid">
          <Form.Item label="科研团体" name="community_rid" required>
            <Select options={communities.map((c) => ({ value: c.rid, label: `${c.name}（余额 ${formatFen(c.balanceFen)}）` }))} />
          </Form.Item>
          <Form.Item label="转账方向" name="direction" required>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'toCommunity', label: '转入团体' },
                { value: 'toMember', label: '转回我的账户' },
              ]}
            />
          </Form.Item>
          <Form.Item label="转账金额（元）" name="amount" required>
            <Input inputMode="decimal" prefix="¥" maxLength={16} placeholder="最多两位小数" />
          </Form.Item>
          <Form.Item label="备注" name="remark">
            <Input maxLength={200} placeholder="选填" />
          </Form.Item>
        </div>
        <div className="member-form-actions">
          <Button type="primary" htmlType="submit" icon={<SwapOutlined />} loading={transfer.isPending}>
            提交转账
          </Button>
        </div>
      </SchemaForm>
      <h3 className="funds-subtitle">转账记录</h3>
      <TransferList />
    </section>
  );
}
