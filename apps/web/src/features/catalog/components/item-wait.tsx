import { dayRange, daySpan } from '@lab/contract/dates';
import { useItemWaits } from '../../orders/api/item-waits';

/**
 * 当前排队: how many samples wait on the item's instrument and when a sample sent today may expect
 * its data (the lab's honest estimate, decisions/0041), with a note when that runs past the stated
 * 测试周期. Says nothing while it loads or when the lab has no queue for the item.
 */
export function ItemWait({ rid }: { rid: string }) {
  const { data } = useItemWaits([rid]);
  const wait = data?.find((w) => w.itemRid === rid);
  if (!wait) return null;
  const days = daySpan(wait.minDays, wait.maxDays);
  return (
    <div data-testid="item-wait">
      <dt>当前排队</dt>
      <dd>
        {wait.ahead === 0 ? '无需排队' : `${wait.ahead} 个样品排队中`}，今天送样预计 {days} 个工作日出数据（约 {dayRange(wait.fromDay, wait.toDay)}）
        {wait.beyondPromise ? <span className="dt-wait-late">，按近期实际周期与排队估算，可能超出标明的测试周期</span> : null}
      </dd>
    </div>
  );
}
