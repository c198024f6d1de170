import { Tag, Tooltip } from 'antd';
import {
  orderKindLabels,
  paymentLabels,
  progressLabels,
  promiseKindLabels,
  promiseKindRules,
  promiseStateLabels,
  recycleStatusLabels,
  type OrderKind,
  type OrderPromise,
  type PaymentStatus,
  type ProgressStatus,
  type RecycleStatus,
} from '@lab/contract';
import { StatusTag } from '../../../components/admin/status-tag';
import { formatDateTime } from '../../../lib/format';
import { paymentTones, progressTones, promiseTones, returnTones, timeLeftText } from '../order-desk';

export const ProgressTag = ({ progress }: { progress: ProgressStatus }) => (
  <span data-testid="progress-tag">
    <StatusTag status={progress} labels={progressLabels} tones={progressTones} />
  </span>
);

export const PaymentTag = ({ payment }: { payment: PaymentStatus }) => <StatusTag status={payment} labels={paymentLabels} tones={paymentTones} />;

export const ReturnStatusTag = ({ status }: { status: RecycleStatus }) => <StatusTag status={status} labels={recycleStatusLabels} tones={returnTones} />;

export const KindTag = ({ kind }: { kind: OrderKind }) => (kind === 'reservation' ? <Tag color="purple">{orderKindLabels.reservation}</Tag> : null);

/** A promise as a tag: what it is and where it stands; the rule, the deadline and the time left on hover. */
export function PromiseTag({ promise, now }: { promise: OrderPromise; now?: number }) {
  const left = timeLeftText(promise, now);
  return (
    <Tooltip
      title={
        <>
          {promiseKindRules[promise.kind]}
          <br />
          截止 {formatDateTime(promise.dueAt)}
          {left ? `（${left}）` : ''}
        </>
      }
    >
      <Tag color={promiseTones[promise.state]} data-testid={`promise-${promise.kind}`}>
        {promiseKindLabels[promise.kind]} · {promiseStateLabels[promise.state]}
      </Tag>
    </Tooltip>
  );
}

/** 待结算提醒: a pay-after-test order whose data went out and is still unpaid — sales follow it up (the member keeps the report). */
export function UnsettledTag({ days }: { days: number | null }) {
  if (days === null) return null;
  return (
    <Tooltip title="测试后结算订单已出数据仍未付款，请跟进结算（客户可照常下载报告）">
      <Tag color={days >= 30 ? 'error' : 'warning'} data-testid="unsettled-days">
        待结算 {days} 天
      </Tag>
    </Tooltip>
  );
}
