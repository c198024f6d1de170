import { Button, Popconfirm } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { OrderSummary } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { confirmData } from '../api/confirm-data';
import { PayDialog } from './pay-dialog';
import { CancelOrderDialog, DisputeDialog, EvaluateDialog } from './order-dialogs';

type Dialog = 'pay' | 'cancel' | 'dispute' | 'evaluate' | null;

interface OrderActionsProps {
  order: Pick<OrderSummary, 'orderNo' | 'payment' | 'actions'>;
  /** 查看详情 (lists) */
  showDetail?: boolean;
  size?: 'small' | 'middle';
  /** the coupon chosen when ordering (detail), preselected in the pay dialog */
  couponRid?: string | undefined;
  /** open the pay dialog at once (the order form sends members to ?pay=1) */
  payOpen?: boolean;
  onPayClose?: () => void;
  /** shown in the pay dialog above the form (a booking's hold deadline) */
  payNote?: ReactNode;
}

/**
 * The buttons an order shows now — decided by the server's `actions` — with their dialogs:
 * 去支付, 取消订单, 确认数据, 申请复测, 评价, 查看详情.
 */
export function OrderActions({ order, showDetail = false, size = 'middle', couponRid, payOpen = false, onPayClose, payNote }: OrderActionsProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const confirm = useApiMutation({ mutationFn: confirmData, invalidates: memberDataKeys, onSuccess: () => feedback.success('已确认数据') });
  const navigate = useNavigate();
  const { actions, orderNo } = order;
  const close = () => {
    if (dialog === 'pay' || payOpen) onPayClose?.();
    setDialog(null);
  };

  return (
    <>
      {actions.pay ? (
        <Button type="primary" size={size} onClick={() => setDialog('pay')}>
          去支付
        </Button>
      ) : null}
      {actions.confirmData ? (
        <Popconfirm title="确认数据无误？" description="确认后订单完成，如数据有疑问请先申请复测。" okText="确认数据" cancelText="再看看" onConfirm={() => confirm.mutate(orderNo)}>
          <Button type="primary" size={size} loading={confirm.isPending}>
            确认数据
          </Button>
        </Popconfirm>
      ) : null}
      {actions.dispute ? (
        <Button size={size} onClick={() => setDialog('dispute')}>
          申请复测
        </Button>
      ) : null}
      {actions.evaluate ? (
        <Button type="primary" ghost size={size} onClick={() => setDialog('evaluate')}>
          评价
        </Button>
      ) : null}
      {showDetail ? (
        <Button size={size} onClick={() => void navigate(`/member/order/${encodeURIComponent(orderNo)}`)}>
          查看详情
        </Button>
      ) : null}
      {actions.cancel ? (
        <Button size={size} danger type="text" onClick={() => setDialog('cancel')}>
          取消订单
        </Button>
      ) : null}

      <PayDialog orderNo={orderNo} preferredCouponRid={couponRid} open={dialog === 'pay' || (payOpen && actions.pay)} onClose={close} note={payNote} />
      <CancelOrderDialog orderNo={orderNo} paid={order.payment === 'paid'} open={dialog === 'cancel'} onClose={close} />
      <DisputeDialog orderNo={orderNo} open={dialog === 'dispute'} onClose={close} />
      <EvaluateDialog orderNo={orderNo} open={dialog === 'evaluate'} onClose={close} />
    </>
  );
}
