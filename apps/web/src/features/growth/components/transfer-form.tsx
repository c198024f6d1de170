import { Alert, Button, Form, Input, InputNumber, Modal } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { z } from 'zod';
import { pointsTransferBody } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { SchemaForm } from '../../../components/schema-form';
import { transferPoints } from '../api/transfer-points';
import { formatPoints } from './points-format';

type Body = z.infer<typeof pointsTransferBody>;

interface Values {
  phone?: string;
  name?: string;
  points?: number | string | null;
  note?: string;
}

/** 积分转赠: to another member by phone and name; checked with the contract, then confirmed before it is sent. */
export function TransferForm({ balance }: { balance: number }) {
  const [form] = Form.useForm<Values>();
  const [pending, setPending] = useState<Body | null>(null);
  const transfer = useApiMutation({
    mutationFn: transferPoints,
    invalidates: memberDataKeys,
    onSuccess: (_, sent) => {
      feedback.success(`已向 ${sent.phone} 转赠 ${formatPoints(sent.points)} 积分`);
      form.resetFields();
    },
    onSettled: () => setPending(null),
  });

  const send = () => {
    if (pending) transfer.mutate(pending);
  };

  return (
    <div className="points-transfer">
      <Alert className="member-form-note" type="info" showIcon title={`当前可转赠 ${formatPoints(balance)} 积分。转赠即时到账，对方须为已注册会员，手机号与会员资料中的姓名须一致，转出后不可撤回。`} />
      <SchemaForm
        form={form}
        name="pointsTransfer"
        schema={pointsTransferBody}
        body={(values) => ({ ...values, points: values.points ?? '' })}
        layout="vertical"
        className="member-form"
        onSubmit={setPending}
      >
        <div className="member-form-grid">
          <Form.Item label="对方手机号" name="phone" required>
            <Input inputMode="numeric" maxLength={11} placeholder="对方注册时使用的手机号" autoComplete="off" />
          </Form.Item>
          <Form.Item label="对方姓名" name="name" required>
            <Input maxLength={32} placeholder="对方会员资料中的姓名" autoComplete="off" />
          </Form.Item>
          <Form.Item label="转赠积分" name="points" required>
            <InputNumber style={{ width: '100%' }} min={1} precision={0} controls={false} placeholder="整数，至少 1 分" />
          </Form.Item>
        </div>
        <Form.Item label="留言" name="note">
          <Input maxLength={100} showCount placeholder="选填，对方可在积分明细中看到" />
        </Form.Item>
        <div className="member-form-actions">
          <Button type="primary" htmlType="submit" icon={<SwapOutlined />}>
            转赠积分
          </Button>
        </div>
      </SchemaForm>
      <Modal
        open={pending !== null}
        title="确认转赠"
        onCancel={() => setPending(null)}
        onOk={send}
        okText="确认转赠"
        cancelText="取消"
        confirmLoading={transfer.isPending}
        centered
        destroyOnHidden
      >
        {pending ? (
          <dl className="points-confirm">
            <div>
              <dt>对方手机号</dt>
              <dd>{pending.phone}</dd>
            </div>
            <div>
              <dt>对方姓名</dt>
              <dd>{pending.name}</dd>
            </div>
            <div>
              <dt>转赠积分</dt>
              <dd>
                <strong className="points-cost">{formatPoints(pending.points)}</strong> 分
              </dd>
            </div>
            {pending.note ? (
              <div>
                <dt>留言</dt>
                <dd>{pending.note}</dd>
              </div>
            ) : null}
            <div>
              <dt>转赠后剩余</dt>
              <dd>{formatPoints(Math.max(0, balance - pending.points))} 分</dd>
            </div>
          </dl>
        ) : null}
        <p className="member-muted">请核对对方手机号，积分转出后不可撤回。</p>
      </Modal>
    </div>
  );
}
