import {
  adminOrderActionRoles,
  adminOrderActions,
  labNow,
  type AdminOrderAction,
  type AdminOrderDetail,
  type AdminPickup,
  type AdminReservation,
  type OrderPromise,
  type PaymentStatus,
  type ProgressStatus,
  type PromiseState,
  type RecycleStatus,
  type ReservationWeek,
  type StaffRole,
} from '@lab/contract';
import type { Tone } from '../../components/admin/status-tag';
import { useSearchParams } from 'react-router';

/**
 * What the order desk's screens decide without the server: which buttons a person sees, how
 * states and promises are coloured, how much time a promise has left, and how pickups and
 * bookings are laid out by slot and by week.
 */

/** Whether a role may take an action (admin always); the server checks every call again. */
export const mayAct = (role: StaffRole | undefined, action: AdminOrderAction) => role === 'admin' || (role !== undefined && (adminOrderActionRoles[action] as readonly StaffRole[]).includes(role));

/** The detail's buttons: what the order's state allows now, for this person's role, in the lifecycle's order. */
export const deskActions = (detail: Pick<AdminOrderDetail, 'staffActions'>, role: StaffRole | undefined): AdminOrderAction[] =>
  adminOrderActions.filter((action) => detail.staffActions[action] && mayAct(role, action));

export const progressTones: Record<ProgressStatus, Tone> = {
  submitted: 'warning',
  awaiting_sample: 'warning',
  received: 'processing',
  testing: 'processing',
  delivered: 'success',
  completed: 'default',
  cancelled: 'default',
};

export const paymentTones: Record<PaymentStatus, Tone> = { unpaid: 'error', unsettled: 'warning', approval: 'warning', paid: 'success', refunded: 'default' };

export const returnTones: Record<RecycleStatus, Tone> = { pending: 'warning', sent: 'success', cancelled: 'default' };

export const promiseTones: Record<PromiseState, Tone> = { pending: 'processing', due_soon: 'warning', overdue: 'error', done: 'success', late: 'warning', missed: 'default' };

/** A span of minutes as a person says it: 45分钟, 2小时5分, 3天4小时. */
export function spanText(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m}分钟`;
  const hours = Math.floor(m / 60);
  if (hours < 24) return m % 60 ? `${hours}小时${m % 60}分` : `${hours}小时`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days}天${hours % 24}小时` : `${days}天`;
}

/** What a running promise has left (剩余…), or by how much it is overdue (已超时…); null once done or dropped. */
export function timeLeftText(promise: Pick<OrderPromise, 'dueAt' | 'state'>, now: number = Date.now()): string | null {
  if (promise.state !== 'pending' && promise.state !== 'due_soon' && promise.state !== 'overdue') return null;
  const minutes = (new Date(promise.dueAt).getTime() - now) / 60_000;
  return minutes >= 0 ? `剩余${spanText(minutes)}` : `已超时${spanText(-minutes)}`;
}

/** The promises a list row shows: the ones still running or kept late; kept on time and dropped ones stay in the detail. */
export const rowPromises = (promises: OrderPromise[]) => promises.filter((p) => p.state === 'pending' || p.state === 'due_soon' || p.state === 'overdue');

/** A day's pickups by slot, slots in time order, each slot's pickups as the server gave them. */
export function bySlot(pickups: AdminPickup[]): { time: string; pickups: AdminPickup[] }[] {
  const slots = new Map<string, AdminPickup[]>();
  for (const pickup of pickups) slots.set(pickup.time, [...(slots.get(pickup.time) ?? []), pickup]);
  return [...slots.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([time, list]) => ({ time, pickups: list }));
}

/** The week as a grid: each instrument's bookings per day, in hour order. */
export function weekGrid(week: ReservationWeek): Map<string, Map<string, AdminReservation[]>> {
  const grid = new Map<string, Map<string, AdminReservation[]>>();
  for (const instrument of week.instruments) grid.set(instrument.rid, new Map(week.days.map((day) => [day, []])));
  for (const booking of week.bookings) {
    const cell = grid.get(booking.itemRid)?.get(booking.date);
    if (cell) cell.push(booking);
  }
  for (const days of grid.values()) for (const cell of days.values()) cell.sort((a, b) => (a.hours[0] ?? 0) - (b.hours[0] ?? 0));
  return grid;
}

/** Hours booked in the week, for the header line. */
export const bookedHours = (week: ReservationWeek) => week.bookings.reduce((n, b) => n + b.hours.length, 0);

/**
 * A desk screen's state in the URL (?date=…&rid=…&status=…): `date` is the day shown (`today` in
 * the lab's calendar unless the URL names one); `set` changes some parameters (an empty value
 * leaves the URL) without a new history entry.
 */
export function useDeskParams() {
  const [params, setParams] = useSearchParams();
  const today = labNow(new Date()).date;
  const asked = params.get('date') ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : today;
  const set = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  return { params, today, date, set };
}
