import { Alert, Form, Input, Modal, Rate } from 'antd';
import { disputeBody, evaluateAddBody, orderCancelBody, RETEST_WINDOW_DAYS } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { SchemaForm } from '../../../components/schema-form';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { cancelOrder } from '../api/cancel-order';
import { disputeOrder } from '../api/dispute-order';
import { evaluateOrder } from '../api/evaluate-order';

interface DialogProps {
  orderNo: string;
  open: boolean;
  onClose: () => void;
  onDone?: () => void;
}

const scoreTexts = ['很差', '较差', '一般', '满意', '非常满意'];

/**
 * What every order dialog does on 确定: send, say so, refresh the member's data and close;
 * a refusal shows the server's message and keeps the dialog open.
 */
function useDialogSubmit<A>(send: (args: A) => Promise<unknown>, success: string, { onClose, onDone }: Pick<DialogProps, 'onClose' | 'onDone'>) {
  return useApiMutation({
    mutationFn: send,
    invalidates: memberDataKeys,
    onSuccess: () => {
      feedback.success(success);
      onDone?.();
      onClose();
    },
  });
}

/** 取消订单: an optional reason; paid money goes back to the funds it came from. */
export function CancelOrderDialog({ orderNo, open, onClose, onDone, paid }: DialogProps & { paid: boolean }) {
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useDialogSubmit((reason: string | undefined) => cancelOrder(orderNo, reason ?? ''), '订单已取消', { onClose, onDone });
  return (
    <Modal open={open} title="取消订单" okText="确认取消" cancelText="再想想" okButtonProps={{ danger: true, loading: cancel.isPending }} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden centered>
      <p>订单 {orderNo} 取消后不可恢复{paid ? '，已支付的金额将原路退回支付账户' : ''}；已预约的上门取样将一并取消。</p>
      <SchemaForm form={form} name="cancel-order" schema={orderCancelBody} body={({ reason }) => ({ order_no: orderNo, reason })} layout="vertical" initialValues={{ reason: '' }} onSubmit={(_checked, { reason }) => cancel.mutate(reason)}>
        <Form.Item label="取消原因" name="reason">
          <Input.TextArea maxLength={200} showCount rows={3} placeholder="选填，如：样品尚未准备好" />
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}

/** 申请复测: a reason is required; only within the re-test window after delivery. */
export function DisputeDialog({ orderNo, open, onClose, onDone }: DialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const dispute = useDialogSubmit((text: string) => disputeOrder(orderNo, text), '已提交复测申请', { onClose, onDone });
  return (
    <Modal open={open} title="申请复测" okText="提交申请" cancelText="取消" okButtonProps={{ loading: dispute.isPending }} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden centered>
      <Alert type="info" showIcon title={`数据交付后 ${RETEST_WINDOW_DAYS} 天内可申请复测，实验室核实后会与您联系。`} className="ord-dialog-alert" />
      <SchemaForm form={form} name="dispute" schema={disputeBody} body={({ reason }) => ({ order_no: orderNo, reason })} layout="vertical" initialValues={{ reason: '' }} onSubmit={(checked) => dispute.mutate(checked.reason)}>
        <Form.Item label="问题描述" name="reason" required>
          <Input.TextArea maxLength={500} showCount rows={4} placeholder="请描述数据存在的问题，如：峰位与文献不符、曲线噪声过大" />
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}

/** The score as the rating control shows it: the stars and the word for the chosen one (a field of the form). */
function ScoreInput({ value = 0, onChange, id }: { value?: number; onChange?: (score: number) => void; id?: string }) {
  return (
    <span className="ord-rate" id={id}>
      <Rate value={value} onChange={onChange} tooltips={scoreTexts} aria-label="服务评分" />
      <span className="member-muted">{value > 0 ? scoreTexts[value - 1] : '请选择评分'}</span>
    </span>
  );
}

/** 评价: a score 1–5 and an optional text, once per completed order. */
export function EvaluateDialog({ orderNo, open, onClose, onDone }: DialogProps) {
  const [form] = Form.useForm<{ score: number; content: string }>();
  const evaluate = useDialogSubmit(({ score, content }: { score: number; content: string }) => evaluateOrder(orderNo, score, content), '评价成功，感谢您的反馈', { onClose, onDone });
  return (
    <Modal open={open} title="评价订单" okText="提交评价" cancelText="取消" okButtonProps={{ loading: evaluate.isPending }} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden centered>
      <SchemaForm
        form={form}
        name="evaluate"
        schema={evaluateAddBody}
        body={(values) => ({ order_no: orderNo, ...values })}
        layout="vertical"
        initialValues={{ score: 5, content: '' }}
        onSubmit={(checked, values) => evaluate.mutate({ score: checked.score, content: values.content })}
      >
        <Form.Item label="服务评分" name="score" required>
          <ScoreInput />
        </Form.Item>
        <Form.Item label="评价内容" name="content">
          <Input.TextArea maxLength={500} showCount rows={4} placeholder="选填，说说测试速度、数据质量和服务体验" />
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}
