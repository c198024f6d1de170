import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, labNow, type AdminReservation, type ReservationWeek } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import ReservationsPage from './reservations-page';

const today = labNow(new Date()).date;

const booking = (rid: string, date: string, changes: Partial<AdminReservation> = {}): AdminReservation => ({
  rid,
  itemRid: 'afm',
  name: '原子力显微镜机时',
  model: null,
  labLocation: '',
  date,
  hours: [9, 10],
  timeText: '09:00-11:00',
  status: 'booked',
  statusText: '已预约',
  amountFen: 600_00,
  orderNo: null,
  note: '',
  createdAt: '2026-03-07T02:00:00.000Z',
  holdUntil: null,
  startsAt: `${date}T01:00:00.000Z`,
  cancelUntil: `${date}T01:00:00.000Z`,
  member: { rid: `m-${rid}`, name: `会员${rid}`, phone: '13912345678' },
  ...changes,
});

const login = () => staffSession.saveSession({ token: 'staff-token', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
afterEach(() => staffSession.clearSession());

describe('仪器预约: 标记已使用', () => {
  it('offers 标记已使用 on a paid booking of today only, sends it, and tags the booking 已使用', async () => {
    login();
    const tomorrow = addDays(today, 1);
    let bookings = [booking('b1', today), booking('b2', tomorrow)];
    const week = (): ReservationWeek => ({
      days: Array.from({ length: 7 }, (_, i) => addDays(today, i)),
      instruments: [{ rid: 'afm', name: '原子力显微镜机时', model: null, labLocation: '' }],
      bookings,
    });
    const { calls } = mockApi({
      '/api/admin/me': { data: { id: 3, account: 'lab', name: '李实验员', role: 'lab', phone: null } },
      '/api/admin/reservations/week': () => ({ data: week() }),
      '/api/admin/reservations/holds': { data: { holds: [], settings: { holdMinutes: 120, capHours: 8 } } },
      '/api/admin/reservations/blocks': { data: [] },
      '/api/admin/reservations/use': (call) => {
        bookings = bookings.map((b) => (b.rid === call.form.get('rid') ? { ...b, status: 'used', statusText: '已使用' } : b));
        return { msg: '已标记为已使用', data: bookings[0]! };
      },
    });
    const user = userEvent.setup();
    renderApp(<ReservationsPage />, { path: '/admin/reservations' });

    // tomorrow's booking: no button
    await user.click(await screen.findByRole('button', { name: /会员b2/ }));
    expect(await screen.findByText('预约于')).toBeInTheDocument();
    expect(screen.queryByTestId('booking-use')).toBeNull();

    await user.click(screen.getByRole('button', { name: /会员b1/ }));
    await user.click(await screen.findByTestId('booking-use'));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/admin/reservations/use')?.form.get('rid')).toBe('b1'));
    await waitFor(() => expect(screen.getByRole('button', { name: /会员b1/ })).toHaveTextContent('已使用'));
  });
});
