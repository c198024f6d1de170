import { useEffect, useId, useMemo, useState } from 'react';
import { CalendarOutlined, ExperimentOutlined } from '../icons';
import { Link } from 'react-router';
import { formatFen } from '@lab/contract/display';
import type { PricedOption, Reservation, SlotState } from '@lab/contract';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { hasToken } from '../../lib/session';
import { loginPanel } from '../../lib/login-panel';
import { queryClient } from '../../lib/query-client';
import { feedback } from '../../lib/feedback';
import { useApiMutation } from '../../lib/use-api-mutation';
import { memberDataKeys } from '../../api/refresh';
import { reservationCalendarKeys } from '../../api/query-keys';
import { PlainAlert, PlainButton } from '../plain-controls';
import { SkeletonBlock } from '../skeleton-block';
import { useDeviceTime } from '../../api/reservations/device-time';
import { useItemDetail } from '../../api/catalog/device-detail';
import { addReservation } from '../../api/reservations/add-reservation';
import { addPlanReservation } from '../../api/plan/add-plan-reservation';
import { dayParts, hoursText, pickHour } from './hours';
import './reservation-calendar.css';

export interface ReservationCalendarProps {
  rid: string;
  priceFen: number;
  unit: string;
}

const stateText: Record<SlotState['state'], string> = {
  free: '可预约',
  taken: '已被预约',
  mine: '我的预约',
  past: '已过时',
  closed: '不开放',
};

/** The test options of the item, each with its first choice chosen to begin with. */
function defaultChoices(options: readonly PricedOption[]): Record<string, number> {
  return Object.fromEntries(options.filter((o) => o.choices[0]).map((o) => [String(o.id), o.choices[0]!.id]));
}

function OptionChoices({ options, value, onChange }: { options: readonly PricedOption[]; value: Record<string, number>; onChange: (next: Record<string, number>) => void }) {
  const group = useId();
  return (
    <div className="rc-options">
      {options.map((option) => (
        <div className="rc-option" key={option.id}>
          <span className="rc-label" id={`${group}-${option.id}`}>
            {option.name}
          </span>
          <div className="plain-radios" role="radiogroup" aria-labelledby={`${group}-${option.id}`}>
            {option.choices.map((c) => (
              <label className="plain-radio" key={c.id}>
                <input
                  type="radio"
                  name={`${group}-${option.id}`}
                  value={c.id}
                  checked={value[String(option.id)] === c.id}
                  onChange={() => onChange({ ...value, [String(option.id)]: c.id })}
                />
                <span>{c.priceFen > 0 ? `${c.label}（+${formatFen(c.priceFen)}）` : c.label}</span>
              </label>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * 预约机时: the bookable days of a reservable instrument, then its hours on the chosen day.
 * Free hours are picked as one consecutive run; the price is hours × the hourly price. Booking
 * creates an order to pay (立即预约), or the wish goes into the experiment plan (加入实验计划)
 * and is booked when that order is placed. Visitors get the login panel first, and find their choice
 * still there afterwards. Built without antd, as the detail page is.
 */
export function ReservationCalendar({ rid, priceFen, unit }: ReservationCalendarProps) {
  const [day, setDay] = useState<string | undefined>(undefined);
  const [hours, setHours] = useState<number[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [booked, setBooked] = useState<Reservation | null>(null);
  const [planned, setPlanned] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, number> | null>(null);
  const time = useDeviceTime(rid, day);
  const detail = useItemDetail(rid);
  const options = useMemo(() => detail.data?.options ?? [], [detail.data]);
  const chosen = choices ?? defaultChoices(options);
  const data = time.data;
  const shownDay = data?.date ?? day;

  // a refetch may turn a chosen hour into someone else's: keep only hours still free
  useEffect(() => {
    if (!data) return;
    const free = new Set(data.slots.filter((s) => s.state === 'free').map((s) => s.hour));
    setHours((current) => (current.every((h) => free.has(h)) ? current : current.filter((h) => free.has(h))));
  }, [data, setHours]);

  const unitFen = priceFen + options.reduce((sum, o) => sum + (o.choices.find((c) => c.id === chosen[String(o.id)])?.priceFen ?? 0), 0);
  const totalFen = unitFen * hours.length;
  // 立即预约 books with each option's first choice (the server's rule); other choices go through the plan
  const defaultOptions = options.every((o) => chosen[String(o.id)] === o.choices[0]?.id);

  const chooseDay = (next: string) => {
    setDay(next);
    setHours([]);
    setNotice(null);
    setBooked(null);
    setPlanned(null);
  };
  const clickHour = (hour: number) => {
    const next = pickHour(hours, hour);
    setHours(next.hours);
    setNotice(next.notice);
    setBooked(null);
    setPlanned(null);
  };
  const refetchSlots = () => queryClient.invalidateQueries({ queryKey: [...reservationCalendarKeys.all, rid] });

  // after either: the hours taken show at once (the button stays busy until they do)
  const afterBooking = () => {
    setHours([]);
    setNotice(null);
    return refetchSlots();
  };
  // 409: an hour was taken meanwhile; show the day as it is now
  const afterRefusal = (error: Error) => {
    if (!(error instanceof ApiError && error.status === 409)) return;
    setHours([]);
    return refetchSlots();
  };
  const book = useApiMutation({
    mutationFn: addReservation,
    invalidates: memberDataKeys,
    onSuccess: (reservation) => {
      setBooked(reservation);
      feedback.success('预约成功');
      return afterBooking();
    },
    onError: afterRefusal,
  });
  const plan = useApiMutation({
    mutationFn: addPlanReservation,
    invalidates: memberDataKeys,
    onSuccess: (_, body) => {
      setPlanned(`${body.date} ${hoursText(body.hours)}`);
      feedback.success('已加入实验计划');
      return afterBooking();
    },
    onError: afterRefusal,
  });

  const submit = (kind: 'book' | 'plan') => {
    if (!hasToken()) {
      loginPanel.open({ view: 'sign' });
      return;
    }
    if (!shownDay || hours.length === 0) return;
    if (kind === 'book') book.mutate({ rid, date: shownDay, hours });
    else plan.mutate({ rid, date: shownDay, hours, options: chosen });
  };

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
          <div className="rc-days" role="group" aria-label="选择日期">
            {data.days.map((d) => {
              const parts = dayParts(d.date);
              const active = d.date === shownDay;
              return (
                <button
                  type="button"
                  key={d.date}
                  className={`rc-day${active ? ' is-active' : ''}${d.closed ? ' is-closed' : ''}`}
                  disabled={d.closed}
                  aria-pressed={active}
                  aria-label={`${d.date} ${parts.weekday} ${d.closed ? '不开放' : `空闲 ${d.free} 个时段`}`}
                  onClick={() => chooseDay(d.date)}
                >
                  <span className="rc-day-week">{parts.weekday}</span>
                  <span className="rc-day-date">{parts.date}</span>
                  <span className="rc-day-free">{d.closed ? '不开放' : d.free > 0 ? `余 ${d.free}` : '已约满'}</span>
                </button>
              );
            })}
          </div>

          <div className="rc-slots" role="group" aria-label={`${shownDay ?? ''} 的时段`} aria-busy={time.isFetching}>
            {data.slots.map((slot) => {
              const selected = hours.includes(slot.hour);
              return (
                <button
                  type="button"
                  key={slot.hour}
                  className={`rc-slot is-${slot.state}${selected ? ' is-selected' : ''}`}
                  disabled={slot.state !== 'free'}
                  aria-pressed={selected}
                  aria-label={`${slot.label} ${selected ? '已选' : stateText[slot.state]}`}
                  data-hour={slot.hour}
                  data-state={slot.state}
                  onClick={() => clickHour(slot.hour)}
                >
                  <span className="rc-slot-time">{slot.label}</span>
                  <span className="rc-slot-state">{selected ? '已选' : stateText[slot.state]}</span>
                </button>
              );
            })}
          </div>
          <ul className="rc-legend" aria-label="图例">
            <li><i className="rc-dot is-free" />可预约</li>
            <li><i className="rc-dot is-selected" />已选</li>
            <li><i className="rc-dot is-mine" />我的预约</li>
            <li><i className="rc-dot is-taken" />不可预约</li>
          </ul>

          {notice ? <PlainAlert className="rc-notice" type="warning" title={notice} /> : null}

          {options.length > 0 ? <OptionChoices options={options} value={chosen} onChange={setChoices} /> : null}
          {!defaultOptions ? <p className="rc-hint">立即预约按默认测试条件计价；选择其他条件请「加入实验计划」后一并下单。</p> : null}

          <div className="rc-summary">
            <div className="rc-summary-text" aria-live="polite">
              {hours.length > 0 && shownDay ? (
                <>
                  <span>
                    已选 {shownDay}（{dayParts(shownDay).weekday}）{hoursText(hours)}，共 {hours.length} {unit}
                  </span>
                  <span className="rc-total">
                    合计 <strong data-testid="reservation-total">{formatFen(totalFen)}</strong>
                  </span>
                </>
              ) : (
                <span className="rc-muted">请在上方选择可预约的时段</span>
              )}
            </div>
            <div className="rc-actions">
              <PlainButton variant="primary" size="lg" disabled={hours.length === 0 || !defaultOptions} loading={book.isPending} onClick={() => submit('book')}>
                立即预约
              </PlainButton>
              <PlainButton size="lg" icon={<ExperimentOutlined />} disabled={hours.length === 0} loading={plan.isPending} onClick={() => submit('plan')}>
                加入实验计划
              </PlainButton>
            </div>
          </div>

          {booked ? (
            <PlainAlert
              className="rc-booked"
              type="success"
              title={`预约成功：${booked.date} ${booked.timeText}`}
              description={
                <span className="rc-booked-links">
                  费用 {formatFen(booked.amountFen)}，
                  {booked.holdUntil ? `请在 ${formatDateTime(booked.holdUntil)} 前完成支付，逾期未支付时段将自动释放。` : '请在预约日前完成支付。'}
                  {booked.orderNo ? <Link to={`/member/order/${booked.orderNo}`}>去支付订单 {booked.orderNo}</Link> : null}
                  <Link to="/member/reservation">查看我的预约</Link>
                </span>
              }
            />
          ) : null}
          {planned ? (
            <PlainAlert
              className="rc-booked"
              type="success"
              title={`已加入实验计划：${planned}`}
              description={
                <span className="rc-booked-links">
                  该时段将在实验计划下单时为您预约。
                  <Link to="/experiment/plan">去实验计划下单</Link>
                </span>
              }
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

export default ReservationCalendar;
