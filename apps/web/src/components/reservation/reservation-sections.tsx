import { useId } from 'react';
import { ExperimentOutlined } from '../icons';
import { Link } from 'react-router';
import { formatFen } from '@lab/contract/display';
import { followsSlot, slotRateLabels, slotRateOf } from '@lab/contract/orders/values';
import type { PricedOption, SlotState } from '@lab/contract';
import { formatDateTime } from '../../lib/format';
import { PlainAlert, PlainButton } from '../plain-controls';
import { dayParts, hoursText } from './hours';
import type { ReservationCalendarState } from './use-reservation-calendar';

/** The parts of the booking calendar (reservation-calendar.tsx), each drawing useReservationCalendar's state. */

const stateText: Record<SlotState['state'], string> = {
  free: '可预约',
  taken: '已被预约',
  mine: '我的预约',
  past: '已过时',
  closed: '不开放',
};

/** The bookable days, one button each. */
export function DayPicker({ calendar }: { calendar: ReservationCalendarState }) {
  const { data, shownDay, chooseDay } = calendar;
  if (!data) return null;
  return (
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
  );
}

/** The chosen day's hours, with the legend under them. */
export function SlotGrid({ calendar }: { calendar: ReservationCalendarState }) {
  const { data, shownDay, hours, time, clickHour } = calendar;
  if (!data) return null;
  return (
    <>
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
    </>
  );
}

/** The day's hours others hold: each can be waited for (候补). */
export function WaitJoin({ calendar }: { calendar: ReservationCalendarState }) {
  const { data, wait, joinWaitFor } = calendar;
  const taken = data?.slots.filter((s) => s.state === 'taken') ?? [];
  if (taken.length === 0) return null;
  return (
    <div className="rc-wait" role="group" aria-label="候补已约满的时段">
      <span className="rc-muted">已被预约的时段可候补，空出时按先后通知并为您保留：</span>
      {taken.map((slot) => (
        <PlainButton key={slot.hour} size="sm" loading={wait.isPending && wait.variables?.hour === slot.hour} onClick={() => joinWaitFor(slot.hour)}>
          候补 {slot.label}
        </PlainButton>
      ))}
    </div>
  );
}

/** An option priced by the slot: the day decides (weekday rate or the weekend surcharge), shown, not picked. */
function SlotPriced({ option, choiceId, day }: { option: PricedOption; choiceId: number | undefined; day: string | undefined }) {
  const choice = option.choices.find((c) => c.id === choiceId);
  return (
    <div className="rc-option rc-slot-priced">
      <span className="rc-label">{option.name}</span>
      <p className="rc-slot-rate" aria-live="polite">
        <strong>{choice ? (choice.priceFen > 0 ? `${choice.label}（+${formatFen(choice.priceFen)}）` : choice.label) : '—'}</strong>
        <span>{day ? `按所选日期自动计价：${slotRateLabels[slotRateOf(day)]}${choice && choice.priceFen > 0 ? '时段加收' : '时段不加价'}` : '按所选日期自动计价'}</span>
      </p>
    </div>
  );
}

function OptionChoices({ options, value, onChange, day }: { options: readonly PricedOption[]; value: Record<string, number>; onChange: (next: Record<string, number>) => void; day: string | undefined }) {
  const group = useId();
  return (
    <div className="rc-options">
      {options.map((option) => followsSlot(option) ? (
        <SlotPriced key={option.id} option={option} choiceId={value[String(option.id)]} day={day} />
      ) : (
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

/** The test options (each a row of radios), and why 立即预约 is off when they are not the defaults. */
export function TestOptions({ calendar }: { calendar: ReservationCalendarState }) {
  const { options, chosen, setChoices, defaultOptions, shownDay } = calendar;
  return (
    <>
      {options.length > 0 ? <OptionChoices options={options} value={chosen} onChange={setChoices} day={shownDay} /> : null}
      {!defaultOptions ? <p className="rc-hint">立即预约按默认测试条件计价；选择其他条件请「加入实验计划」后一并下单。</p> : null}
    </>
  );
}

/** What is chosen, its price and the two buttons. */
export function BookingSummary({ calendar, unit }: { calendar: ReservationCalendarState; unit: string }) {
  const { hours, shownDay, totalFen, defaultOptions, book, plan, submit } = calendar;
  return (
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
  );
}

/** After a booking or a plan entry: what was done and where to go next. */
export function BookingResult({ calendar }: { calendar: ReservationCalendarState }) {
  const { booked, planned } = calendar;
  return (
    <>
      {booked ? (
        <PlainAlert
          className="rc-booked"
          type="success"
          title={booked.holdUntil ? `已为您保留至 ${formatDateTime(booked.holdUntil).slice(11)}，去支付` : `预约成功：${booked.date} ${booked.timeText}`}
          description={
            <span className="rc-booked-links">
              {booked.date} {booked.timeText}，费用 {formatFen(booked.amountFen)}
              {booked.holdUntil ? `，保留至 ${formatDateTime(booked.holdUntil)}，逾期未支付时段将自动释放。` : '。'}
              {booked.orderNo ? <Link to={`/member/order/${booked.orderNo}?pay=1`}>去支付订单 {booked.orderNo}</Link> : null}
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
  );
}
