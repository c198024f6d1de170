import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReservation, ReservationHolds } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import { HoldList } from './hold-list';

const hold: AdminReservation = {
  rid: 'h1',
  itemRid: 'sem1',
  name: '场发射扫描电镜 SEM',
  model: 'Hitachi SU8010',
  labLocation: '',
  date: '2026-03-09',
  hours: [9, 10, 11],
  timeText: '09:00-12:00',
  status: 'booked',
  statusText: '已预约',
  amountFen: 1350_00,
  orderNo: 'KY2026030712345678',
  note: '',
  createdAt: '2026-03-07T02:00:00.000Z',
  holdUntil: '2026-03-07T04:00:00.000Z',
  startsAt: '2026-03-09T01:00:00.000Z',
  cancelUntil: '2026-03-08T01:00:00.000Z',
  member: { rid: 'm1', name: '囤机时', phone: '13912345678' },
};

const login = () => staffSession.saveSession({ token: 'staff-token', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
afterEach(() => staffSession.clearSession());

describe('待支付保留', () => {
  it('lists the holds with who, hours, amount and until when; releases one with a reason; lab staff edit the rules', async () => {
    login();
    let holds: ReservationHolds = { holds: [hold], settings: { holdMinutes: 120, capHours: 8 } };
    const { calls } = mockApi({
      '/api/admin/reservations/holds': () => ({ data: holds }),
      '/api/admin/reservations/release': () => {
        holds = { ...holds, holds: [] };
        return { msg: '已释放该预约，时段已开放', data: { ...hold, status: 'released', statusText: '已释放', holdUntil: null } };
      },
      '/api/admin/reservations/settings': (call) => {
        holds = { ...holds, settings: { holdMinutes: Number(call.form.get('hold_minutes')), capHours: Number(call.form.get('cap_hours')) } };
        return { msg: '预约规则已保存', data: holds.settings };
      },
    });
    const user = userEvent.setup();
    renderApp(<HoldList canEditRules />, { path: '/admin/reservations' });

    expect(await screen.findByTestId('hold-rules')).toHaveTextContent('未支付的预约保留 2 小时，逾期自动释放；每位客户最多保留 8 小时未支付机时。');
    const row = screen.getByText('囤机时').closest('tr')!;
    expect(row).toHaveTextContent('2026-03-09 09:00-12:00（3 小时）');
    expect(row).toHaveTextContent('¥1,350.00');
    expect(row).toHaveTextContent('2026-03-07 12:00');

    await user.click(within(row).getByRole('button', { name: '释放' }));
    await user.type(await screen.findByLabelText('释放原因'), '囤积机时');
    await user.click(within(screen.getByRole('tooltip')).getByRole('button', { name: '释放' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/admin/reservations/release')?.form.get('reason')).toBe('囤积机时'));
    expect(calls.find((c) => c.path === '/api/admin/reservations/release')?.form.get('rid')).toBe('h1');
    expect(await screen.findByText('当前没有待支付的保留')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /预约规则/ }));
    const dialog = await screen.findByRole('dialog', { name: '预约保留规则' });
    const minutes = within(dialog).getByLabelText('保留时长（分钟）');
    await user.clear(minutes);
    await user.type(minutes, '60');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getByTestId('hold-rules')).toHaveTextContent('未支付的预约保留 1 小时'));
    expect(calls.find((c) => c.path === '/api/admin/reservations/settings')?.form.get('cap_hours')).toBe('8');
  }, 30_000);

  it('sales see the holds but not the rules button', async () => {
    login();
    mockApi({ '/api/admin/reservations/holds': { data: { holds: [], settings: { holdMinutes: 90, capHours: 6 } } } });
    renderApp(<HoldList canEditRules={false} />, { path: '/admin/reservations' });
    expect(await screen.findByTestId('hold-rules')).toHaveTextContent('未支付的预约保留 90 分钟');
    expect(screen.queryByRole('button', { name: /预约规则/ })).not.toBeInTheDocument();
  });
});
