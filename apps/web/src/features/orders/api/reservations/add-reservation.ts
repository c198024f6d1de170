import { reservations } from '../reservations';

/** POST /api/auth/reservation/add: books consecutive hours now; the booking becomes an order to pay. */
export const addReservation = (body: { rid: string; date: string; hours: number[]; note?: string }) =>
  reservations.add({ rid: body.rid, date: body.date, hours: JSON.stringify(body.hours), note: body.note });
