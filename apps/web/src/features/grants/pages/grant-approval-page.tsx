import { Alert, Button, Descriptions, Form, Input, Modal, Popconfirm, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatFen, GRANT_PIN_CHANGED_MESSAGE, grantRefuseBody } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { LoadFailed } from '../../../components/member/load-failed';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { grants, useGrantRequest } from '../api/grants';
import '../../../components/member/member-pages.css';
import '../components/grants.css';

/** 拒绝经费支付: the reason, checked by the contract's schema. */
function RefuseModal({ rid, pending, onRefuse, onClose }: { rid: string; pending: boolean; onRefuse: (reason: string) => void; onClose: () => void }) {
  const [form] = Form.useForm<{ reason?: string }>();
  return (
    <Modal open title="拒绝经费支付" okText="拒绝" okButtonProps={{ danger: true }} confirmLoading={pending} onCancel={onClose} onOk={() => form.submit()} destroyOnHidden centered>
      <SchemaForm form={form} name="grant-refuse" schema={grantRefuseBody} body={(values) => ({ rid, reason: values.reason ?? '' })} onSubmit={(body) => onRefuse(body.reason)} layout="vertical">
        <Form.Item label="拒绝原因" name="reason" required>
          <Input.TextArea maxLength={200} autoSize={{ minRows: 3 }} placeholder="如：请改用横向经费" />
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}

/**
 * 经费支付审批: the page the PI's SMS and in-site message link to. Approving sends what the page
 * shows (the order's amount and the community's balance): when either changed meanwhile the
 * server answers 409 and the page shows the fresh figures to look at again.
 */
export default function GrantApprovalPage() {
  const { rid = '' } = useParams();
  const { data, isPending, isError, error, refetch } = useGrantRequest(rid);
  const [refusing, setRefusing] = useState(false);
  const approve = useApiMutation({
    mutationFn: (body: Parameters<typeof grants.approve>[0]) => grants.approve(body),
    invalidates: memberDataKeys,
    onSuccess: () => feedback.success('已批准，订单已支付'),
    onError: (e) => {
      if (e.message === GRANT_PIN_CHANGED_MESSAGE) void refetch();
    },
  });
  const refuse = useApiMutation({
    mutationFn: (body: Parameters<typeof grants.refuse>[0]) => grants.refuse(body),
    invalidates: memberDataKeys,
    onSuccess: () => {
      feedback.success('已拒绝');
      setRefusing(false);
    },
  });

  let body;
  if (isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (isError) body = <LoadFailed title="审批单加载失败" error={error} onRetry={refetch} />;
  else {
    const r = data;
    body = (
      <>
        <Descriptions bordered column={1} size="small" className="grant-approval">
          <Descriptions.Item label="状态">
            <Tag color={r.status === 'pending' ? 'processing' : r.status === 'approved' ? 'success' : 'default'} data-testid="grant-status">
              {r.statusText}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label="申请人">{r.memberName}</Descriptions.Item>
          <Descriptions.Item label="订单">
            {r.orderNo} · {r.orderTitle}
          </Descriptions.Item>
          <Descriptions.Item label="支付金额">
            <strong data-testid="grant-amount">{formatFen(r.amountFen)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label="经费卡">
            {r.cardName}（{r.cardNumber}）
          </Descriptions.Item>
          <Descriptions.Item label="团体余额">
            {r.communityName} · {formatFen(r.balanceFen)}
          </Descriptions.Item>
          <Descriptions.Item label="需审批原因">{r.why}</Descriptions.Item>
          {r.reason ? <Descriptions.Item label="处理结果">{r.reason}</Descriptions.Item> : null}
          <Descriptions.Item label="提交时间">{formatDateTime(r.createdAt)}</Descriptions.Item>
          {r.status === 'pending' ? <Descriptions.Item label="审批截止">{formatDateTime(r.expiresAt)}（逾期自动拒绝）</Descriptions.Item> : null}
        </Descriptions>
        {r.canDecide && r.balanceFen < r.amountFen ? <Alert type="warning" showIcon title="团体余额不足以支付该订单，请先为团体预存款充值" /> : null}
        {r.canDecide ? (
          <div className="grant-approval-actions">
            <Popconfirm
              title={`确认从团体预存款支付 ${formatFen(r.amountFen)}？`}
              okText="批准并支付"
              cancelText="取消"
              onConfirm={() => approve.mutate({ rid: r.rid, amount_fen: r.amountFen, balance_fen: r.balanceFen })}
            >
              <Button type="primary" loading={approve.isPending}>
                批准支付
              </Button>
            </Popconfirm>
            <Button danger onClick={() => setRefusing(true)}>
              拒绝
            </Button>
          </div>
        ) : null}
        <p className="member-page-lead">
          <Link to="/member/grants">返回经费卡与审批</Link>
        </p>
        {refusing ? <RefuseModal rid={r.rid} pending={refuse.isPending} onRefuse={(reason) => refuse.mutate({ rid: r.rid, reason })} onClose={() => setRefusing(false)} /> : null}
      </>
    );
  }
  return (
    <div className="member-page">
      <div className="member-page-head">
        <h1 className="page-title">经费支付审批</h1>
      </div>
      {body}
    </div>
  );
}
