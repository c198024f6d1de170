import { CalendarOutlined } from '../icons';
import { formatFen } from '@lab/contract/display';
import { PlainAlert, PlainButton } from '../plain-controls';
import { SkeletonBlock } from '../skeleton-block';
import { useReservationCalendar } from './use-reservation-calendar';
import { BookingResult, BookingSummary, DayPicker, SlotGrid, TestOptions, WaitJoin } from './reservation-sections';
import './reservation-calendar.css';

export interface ReservationCalendarProps {
  rid: string;
  priceFen: number;
  unit: string;
}

/**
 * 预约机时: the bookable days of a reservable instrument, then its hours on the chosen day.
 * Free hours are picked as one consecutive run; the price is hours × the hourly price. Booking
 * creates an order to pay (立即预约), or the wish goes into the experiment plan (加入实验计划)
 * and is booked when that order is placed. Visitors get the login panel first, and find their choice
 * still there afterwards. Built without antd, as the detail page is. The state, price and
 * submits are useReservationCalendar's; each part is a section (reservation-sections.tsx).
 */
export function ReservationCalendar({ rid, priceFen, unit }: ReservationCalendarProps) {
  const calendar = useReservationCalendar(rid, priceFen);
  const { time, data, notice } = calendar;

  return (
    <section className="rc" aria-label="预约机时" data-testid="reservation-calendar">
      <header className="rc-head">
        <h2 className="rc-title">
          <CalendarOutlined /> 预约机时
        </h2>
        <p className="rc-lead">
          {formatFen(priceFen)}/{unit} · 可预约明天起 30 天内的时段，周日不开放；请选择连续的时段。
        </p>
      </header>

      {time.isPending ? (
        <SkeletonBlock rows={3} />
      ) : time.isError && !data ? (
        <PlainAlert
          type="error"
          title="预约时段加载失败"
          description={time.error.message}
          action={
            <PlainButton size="sm" onClick={() => void time.refetch()}>
              重试
            </PlainButton>
          }
        />
      ) : data ? (
        <>
          <DayPicker calendar={calendar} />
          <SlotGrid calendar={calendar} />
          <WaitJoin calendar={calendar} />
          {notice ? <PlainAlert className="rc-notice" type="warning" title={notice} /> : null}
          <TestOptions calendar={calendar} />
          <BookingSummary calendar={calendar} unit={unit} />
          <BookingResult calendar={calendar} />
        </>
      ) : null}
    </section>
  );
}

export default ReservationCalendar;
