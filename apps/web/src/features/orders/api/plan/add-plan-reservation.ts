import { plan } from '../plan';

/** The wished day and hours go into the experiment plan (booked when the order is placed). */
export const addPlanReservation = (body: { rid: string; date: string; hours: number[]; options: Record<string, number>; note?: string }) =>
  plan.addReservation({
    rid: body.rid,
    date: body.date,
    hours: JSON.stringify(body.hours),
    options: JSON.stringify(body.options),
    note: body.note,
  });
