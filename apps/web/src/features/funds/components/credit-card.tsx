import { Alert, Button, Form, Input, Modal, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { creditOperateBody, formatFen, Organization, type CreditStatus } from '@lab/contract';
import { CancelRequestButton } from '../../../components/member/cancel-request-button';
import { useUserInfo } from '../../../lib/user-info';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { SchemaForm } from '../../../components/schema-form';
import { useCredit } from '../api/get-credit';
import { operateCredit } from '../api/operate-credit';
import { formatDateTime } from './money';

const statusColor: Record<CreditStatus, string> = { pending: 'processing', approved: 'success', refused: 'error', cancelled: 'default' };

interface Values {
  limit?: string;
  reason?: string;
  contact?: string;
}

function CreditApplyModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const apply = useApiMutation({
    mutationFn: operateCredit,
    invalidates: memberDataKeys,
    onSuccess: () => {
      feedback.success('申请已提交，请等待审核');
      onClose();
    },
  });
  const submit = (body: z.output<typeof creditOperateBody>, values: Values) => {
    if (body.action !== 'apply') return;
    apply.mutate({ action: 'apply', limit: (values.limit ?? '').trim(), reason: body.reason, ...(body.contact ? { contact: body.contact } : {}) });
  };
  return (
    <Modal open title="申请先测后付额度" onCancel={onClose} onOk={() => form.submit()} okText="提交申请" confirmLoading={apply.isPending} destroyOnHidden centered>
      <SchemaForm form={form} name="credit" schema={creditOperateBody} body={(values) => ({ action: 'apply', ...values })} onSubmit={submit} layout="vertical" className="member-form">
        <Form.Item label="申请额度（元）" name="limit" required>
          <Input inputMode="decimal" prefix="¥" maxLength={16} placeholder="如 50000" />
        </Form.Item>
        <Form.Item label="申请说明" name="reason" required>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 3, maxRows: 6 }} placeholder="课题 / 项目名称、预计月检测量、经费到账与报销方式等" />
        </Form.Item>
        <Form.Item label="联系人" name="contact">
          <Input maxLength={30} placeholder="选填：财务或报销经办人" />
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}

/** 先测后付 (credit line): teachers and enterprises apply; students settle via their advisor or prepay. */
export function CreditCard() {
  const { data: info } = useUserInfo();
  const organization = info?.account.organization ?? null;
  const eligible = organization === Organization.teacher || organization === Organization.enterprise;
  const { data, isPending } = useCredit(eligible);
  const [applying, setApplying] = useState(false);
  const cancel = useApiMutation({ mutationFn: (rid: string) => operateCredit({ action: 'cancel', rid }), invalidates: memberDataKeys, onSuccess: () => feedback.success('申请已取消') });

  if (!info) return null;
  if (!eligible) {
    return (
      <section className="member-card" aria-label="先测后付">
        <h2 className="member-card-title">先测后付额度</h2>
        <p className="member-muted">
          信用额度面向认证为老师或企业的用户。学生用户请通过导师的科研团体结算，或预存后下单直接用余额支付；完成资料认证的高校用户测试完成后也可在「待结算」中统一结算。
        </p>
        <Link to="/member/communityJn">
          <Button size="small">加入导师的科研团体</Button>
        </Link>
      </section>
    );
  }
  if (isPending || !data) return <Skeleton active paragraph={{ rows: 2 }} />;
  const pending = data.applications.find((a) => a.status === 'pending');
  const latest = data.applications[0];
  return (
    <section className="member-card" aria-label="先测后付">
      <div className="funds-card-head">
        <h2 className="member-card-title">先测后付额度</h2>
        {pending ? null : (
          <Button onClick={() => setApplying(true)}>{data.limitFen > 0 ? '申请调整额度' : '申请额度'}</Button>
        )}
      </div>
      {data.limitFen > 0 ? (
        <p>
          当前额度 <strong className="funds-figure-inline" data-testid="credit-limit">{formatFen(data.limitFen)}</strong>
          <span className="member-muted"> 额度内可先检测、后付款，按月结算。</span>
        </p>
      ) : (
        <p className="member-muted" data-testid="credit-limit">
          尚未开通先测后付额度。老师与企业用户可提交申请，财务审核通过后，额度内可先检测、后付款，按月结算。
        </p>
      )}
      {latest ? (
        <Alert
          type={latest.status === 'refused' ? 'warning' : 'info'}
          showIcon
          title={
            <span>
              最近申请：{formatFen(latest.requestedFen)} <Tag color={statusColor[latest.status]}>{latest.statusText}</Tag>
              <span className="member-muted">{formatDateTime(latest.createdAt)}</span>
            </span>
          }
          description={latest.decisionNote ? `审核意见：${latest.decisionNote}` : undefined}
          action={
            latest.status === 'pending' ? (
              <CancelRequestButton what="额度申请" busy={cancel.isPending} onConfirm={() => cancel.mutate(latest.rid)} />
            ) : undefined
          }
        />
      ) : null}
      {applying ? <CreditApplyModal onClose={() => setApplying(false)} /> : null}
    </section>
  );
}
