import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PricedOption, Reservation } from '@lab/contract';
import { ApiError } from '../../lib/api';
import { hasToken } from '../../lib/session';
import { loginPanel } from '../../lib/login-panel';
import { queryClient } from '../../lib/query-client';
import { feedback } from '../../lib/feedback';
import { useApiMutation } from '../../lib/use-api-mutation';
import { memberDataKeys } from '../../api/refresh';
import { reservationCalendarKeys } from '../../api/query-keys';
import { useDeviceTime } from '../../features/orders/api/reservations/device-time';
import { useItemDetail } from '../../features/catalog/api/catalog/device-detail';
import { addReservation } from '../../features/orders/api/reservations/add-reservation';
import { addPlanReservation } from '../../features/orders/api/plan/add-plan-reservation';
import { joinWait } from '../../features/orders/api/reservations/waits';
import { hoursText, pickHour } from './hours';
import { slotChoices } from '@lab/contract/orders/values';

/** The test options of the item, each with its first choice chosen to begin with. */
function defaultChoices(options: readonly PricedOption[]): Record<string, number> {
  return Object.fromEntries(options.filter((o) => o.choices[0]).map((o) => [String(o.id), o.choices[0]!.id]));
}

/**
 * The booking calendar's state (day, hours, options), its price and its two submits (立即预约,
 * 加入实验计划); the sections in reservation-sections.tsx draw it.
 */
export function useReservationCalendar(rid: string, priceFen: number) {
  const [day, setDay] = useState<string | undefined>(undefined);
  const [hours, setHours] = useState<number[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [booked, setBooked] = useState<Reservation | null>(null);
  const [planned, setPlanned] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, number> | null>(null);
  const navigate = useNavigate();
  const time = useDeviceTime(rid, day);
  const detail = useItemDetail(rid);
  const options = useMemo(() => detail.data?.options ?? [], [detail.data]);
  const data = time.data;
  const shownDay = data?.date ?? day;
  // an option priced by the slot (工作日 / 周末) follows the shown day, never the member's pick
  const bySlot = useMemo(() => (shownDay ? slotChoices(options, shownDay) : {}), [options, shownDay]);
  const chosen = { ...(choices ?? defaultChoices(options)), ...bySlot };

  // a refetch may turn a chosen hour into someone else's: keep only hours still free
  useEffect(() => {
    if (!data) return;
    const free = new Set(data.slots.filter((s) => s.state === 'free').map((s) => s.hour));
    setHours((current) => (current.every((h) => free.has(h)) ? current : current.filter((h) => free.has(h))));
  }, [data, setHours]);

  const unitFen = priceFen + options.reduce((sum, o) => sum + (o.choices.find((c) => c.id === chosen[String(o.id)])?.priceFen ?? 0), 0);
  const totalFen = unitFen * hours.length;
  // 立即预约 books with each option's first choice and the slot's (the server's rule); other choices go through the plan
  const defaultOptions = options.every((o) => chosen[String(o.id)] === (bySlot[String(o.id)] ?? o.choices[0]?.id));

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
    onSuccess: async (reservation) => {
      setBooked(reservation);
      await afterBooking();
      // straight to paying: the order with its pay dialog open, the hold's deadline above it
      if (reservation.orderNo) void navigate(`/member/order/${encodeURIComponent(reservation.orderNo)}?pay=1`);
      else feedback.success('预约成功');
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

  // 候补: an hour someone else holds; told (in-site and SMS) when it frees
  const wait = useApiMutation({
    mutationFn: joinWait,
    invalidates: memberDataKeys,
    onSuccess: (joined) => feedback.success(`已加入候补（第 ${joined.position ?? 1} 位），时段空出时将通知您`),
  });
  const joinWaitFor = (hour: number) => {
    if (!hasToken()) {
      loginPanel.open({ view: 'sign' });
      return;
    }
    if (shownDay) wait.mutate({ rid, date: shownDay, hour });
  };

  const submit = (kind: 'book' | 'plan') => {
    if (!hasToken()) {
      loginPanel.open({ view: 'sign' });
      return;
    }
    if (!shownDay || hours.length === 0) return;
    if (kind === 'book') book.mutate({ rid, date: shownDay, hours });
    else plan.mutate({ rid, date: shownDay, hours, options: chosen });
  };

  return { time, data, shownDay, hours, notice, booked, planned, options, chosen, setChoices, totalFen, defaultOptions, chooseDay, clickHour, book, plan, submit, wait, joinWaitFor };
}

export type ReservationCalendarState = ReturnType<typeof useReservationCalendar>;
