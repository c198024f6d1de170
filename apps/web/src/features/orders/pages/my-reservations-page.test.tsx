import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Reservation } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import MyReservationsPage from './my-reservations-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const reservation = (over: Partial<Reservation>): Reservation => ({
  rid: 'r1',
  itemRid: 'sem1',
  name: 'SEM 机时预约（自主上机）',
  model: 'Hitachi SU8010',
  labLocation: '上海 · 徐汇 3 号楼',
  date: '2099-01-05',
  hours: [9, 10],
  timeText: '09:00-11:00',
  status: 'booked',
  statusText: '已预约',
  amountFen: 800_00,
  orderNo: 'KY2099010500001',
  note: '',
  createdAt: '2026-11-22T02:00:00Z',
  holdUntil: null,
  startsAt: '2099-01-05T01:00:00.000Z',
  cancelUntil: '2099-01-04T01:00:00.000Z',
  ...over,
});

describe('MyReservationsPage', () => {
  it('lists bookings with time, cost and order; cancels a future one after confirmation', async () => {
    login();
    let list = [reservation({}), reservation({ rid: 'r2', date: '2020-01-06', status: 'used', statusText: '已使用', orderNo: 'KY2020' })];
    const { calls } = mockApi({
      '/api/auth/reservation/list4person': () => ({ data: { list, total: list.length, page: 1, pageSize: 10 } }),
      '/api/auth/reservation/cancel': (call) => {
        list = list.map((r) => (r.rid === call.form.get('rid') ? { ...r, status: 'cancelled', statusText: '已取消' } : r));
        return { msg: '预约已取消', data: list[0] };
      },
    });
    const user = userEvent.setup();
    renderApp(<MyReservationsPage />);
    const items = await screen.findAllByTestId('reservation-item');
    expect(items).toHaveLength(2);
    const first = items[0]!;
    expect(first).toHaveTextContent('09:00-11:00');
    expect(first).toHaveTextContent('¥800.00');
    expect(within(first).getByRole('link', { name: 'KY2099010500001' })).toHaveAttribute('href', '/member/order/KY2099010500001');
    // a used (past) booking cannot be cancelled
    expect(within(items[1]!).queryByRole('button', { name: '取消预约' })).not.toBeInTheDocument();
    // a paid booking: its calendar file, and until when it can be cancelled
    expect(within(first).getByRole('button', { name: /加入日历（.ics）/ })).toBeInTheDocument();
    expect(within(first).getByTestId('reservation-cancel-window')).toHaveTextContent('可在 2099-01-04 09:00 前取消');

    await user.click(within(first).getByRole('button', { name: '取消预约' }));
    const confirm = await screen.findByRole('tooltip');
    expect(calls.some((c) => c.path === '/api/auth/reservation/cancel')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: '取消预约' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/auth/reservation/cancel')?.form.get('rid')).toBe('r1'));
    await waitFor(() => expect(screen.getAllByTestId('reservation-item')[0]).toHaveTextContent('已取消'));
  }, 30_000);

  it('an unpaid booking says until when it is held and leads to paying; a lapsed one reads 已释放', async () => {
    login();
    mockApi({
      '/api/auth/reservation/list4person': {
        data: {
          list: [
            reservation({ holdUntil: '2099-01-01T04:00:00.000Z' }),
            reservation({ rid: 'r2', status: 'released', statusText: '已释放', orderNo: 'KY2099010500002' }),
          ],
          total: 2,
          page: 1,
          pageSize: 10,
        },
      },
    });
    renderApp(<MyReservationsPage />);
    const [held, released] = await screen.findAllByTestId('reservation-item');
    expect(within(held!).getByTestId('reservation-hold')).toHaveTextContent('请在 2099-01-01 12:00 前完成支付，逾期未支付时段将自动释放');
    expect(within(held!).getByRole('link', { name: '去支付' })).toHaveAttribute('href', '/member/order/KY2099010500001?pay=1');
    // a hold has no calendar file yet
    expect(within(held!).queryByRole('button', { name: /加入日历/ })).not.toBeInTheDocument();
    expect(released).toHaveTextContent('已释放');
    expect(released).toHaveTextContent('未在保留时间内支付，时段已释放');
    expect(within(released!).queryByRole('button', { name: '取消预约' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '已释放' })).toBeInTheDocument();
  });

  it('shows an empty state leading to the reservable instruments', async () => {
    login();
    mockApi({ '/api/auth/reservation/list4person': { data: { list: [], total: 0, page: 1, pageSize: 10 } } });
    renderApp(<MyReservationsPage />);
    expect(await screen.findByText(/还没有预约过仪器机时/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去预约机时' })).toHaveAttribute('href', '/project/2/%E4%B8%8A%E9%97%A8%E9%A2%84%E7%BA%A6');
  });
});

describe('MyReservationsPage: the cancel window, the wait list, no-shows', () => {
  it('past the window a booking says why it cannot be cancelled; a no-show reads 爽约', async () => {
    login();
    mockApi({
      '/api/auth/reservation/list4person': {
        data: {
          list: [reservation({ cancelUntil: '2020-01-01T00:00:00.000Z' }), reservation({ rid: 'r2', status: 'no_show', statusText: '爽约', cancelUntil: null })],
          total: 2,
          page: 1,
          pageSize: 10,
        },
      },
      '/api/auth/reservation/wait/list': { data: [] },
    });
    renderApp(<MyReservationsPage />);
    const [late, noShow] = await screen.findAllByTestId('reservation-item');
    expect(within(late!).queryByRole('button', { name: '取消预约' })).not.toBeInTheDocument();
    expect(within(late!).getByTestId('reservation-cancel-window')).toHaveTextContent('距开始已不足规定时间，不能在线取消');
    expect(noShow).toHaveTextContent('爽约');
    expect(noShow).toHaveTextContent('开始后30分钟内未上机，已记为爽约');
    expect(screen.getByRole('tab', { name: '爽约' })).toBeInTheDocument();
  });

  it('lists my waits with the place in line and an offer\'s deadline, and leaves one', async () => {
    login();
    let waits = [
      { rid: 'w1', itemRid: 'sem1', name: 'SEM', date: '2099-01-05', hour: 9, timeText: '09:00-10:00', status: 'offered', statusText: '为您保留中', position: null, offerUntil: '2099-01-04T02:30:00.000Z', createdAt: '2099-01-01T00:00:00.000Z' },
      { rid: 'w2', itemRid: 'sem1', name: 'SEM', date: '2099-01-06', hour: 10, timeText: '10:00-11:00', status: 'waiting', statusText: '候补中', position: 2, offerUntil: null, createdAt: '2099-01-01T00:00:00.000Z' },
    ];
    const { calls } = mockApi({
      '/api/auth/reservation/list4person': { data: { list: [], total: 0, page: 1, pageSize: 10 } },
      '/api/auth/reservation/wait/list': () => ({ data: waits }),
      '/api/auth/reservation/wait/leave': (call) => {
        const left = waits.find((w) => w.rid === call.form.get('rid'))!;
        waits = waits.filter((w) => w !== left);
        return { msg: '已退出候补', data: { ...left, status: 'left', statusText: '已退出', position: null } };
      },
    });
    const user = userEvent.setup();
    renderApp(<MyReservationsPage />);
    const [offered, waiting] = await screen.findAllByTestId('wait-item');
    expect(offered).toHaveTextContent('已为您保留至 2099-01-04 10:30');
    expect(within(offered!).getByRole('link', { name: '去预约' })).toHaveAttribute('href', '/detail/sem1');
    expect(waiting).toHaveTextContent('排第 2 位');
    await user.click(within(waiting!).getByRole('button', { name: '退出候补' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/auth/reservation/wait/leave')?.form.get('rid')).toBe('w2'));
    await waitFor(() => expect(screen.getAllByTestId('wait-item')).toHaveLength(1));
  }, 30_000);
});
