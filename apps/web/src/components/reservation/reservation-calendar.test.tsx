import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HOURS_NOT_CONSECUTIVE_MESSAGE, SLOT_TAKEN_MESSAGE, hourLabel, type DeviceTime, type SlotState } from '@lab/contract';
import { renderApp } from '../../testing/render';
import { mockApi, type MockCall } from '../../testing/fetch-mock';
import { saveSession } from '../../lib/session';
import { loginPanel } from '../../lib/login-panel';
import { LoginPanelHost } from '../../features/accounts/login-panel-host';
import { ReservationCalendar } from './reservation-calendar';
import { areConsecutive, hoursText, pickHour } from './hours';

const login = () => saveSession({ token: 'member-token', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const slots = (states: Partial<Record<number, SlotState['state']>> = {}): SlotState[] =>
  [9, 10, 11, 13, 14, 15, 16, 17].map((hour) => ({ hour, label: hourLabel(hour), state: states[hour] ?? 'free' }));

const time = (date: string, states: Partial<Record<number, SlotState['state']>> = {}): DeviceTime => ({
  rid: 'sem1',
  date,
  slots: slots(states),
  days: [
    { date: '2026-11-23', free: 6, closed: false },
    { date: '2026-11-24', free: 8, closed: false },
    { date: '2026-11-29', free: 0, closed: true },
  ],
  priceFen: 400_00,
  unit: '小时',
});

function api(extra: Record<string, (call: MockCall) => { code?: 0 | 1; msg?: string; status?: number; data?: unknown }> = {}) {
  return mockApi({
    '/api/open/device/query4timeExtra': (call) => ({ data: time(call.form.get('date') || '2026-11-23', { 9: 'taken', 17: 'mine' }) }),
    '/api/open/web/device/detail': { data: { rid: 'sem1', options: [] } },
    ...extra,
  });
}

const slot = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}`) });

describe('hour picking', () => {
  it('extends a run next to it, shortens it at its ends and restarts elsewhere with the message', () => {
    expect(pickHour([], 10)).toEqual({ hours: [10], notice: null });
    expect(pickHour([10], 11)).toEqual({ hours: [10, 11], notice: null });
    // over the lunch break 11 → 13 is consecutive
    expect(pickHour([10, 11], 13)).toEqual({ hours: [10, 11, 13], notice: null });
    expect(pickHour([10, 11], 9)).toEqual({ hours: [9, 10, 11], notice: null });
    expect(pickHour([10, 11, 13], 10)).toEqual({ hours: [11, 13], notice: null });
    expect(pickHour([10, 11, 13], 13)).toEqual({ hours: [10, 11], notice: null });
    expect(pickHour([10, 11, 13], 11)).toEqual({ hours: [11], notice: null });
    expect(pickHour([10], 10)).toEqual({ hours: [], notice: null });
    expect(pickHour([10, 11], 15)).toEqual({ hours: [15], notice: HOURS_NOT_CONSECUTIVE_MESSAGE });
  });

  it('checks and writes runs of hours', () => {
    expect(areConsecutive([11, 13, 10])).toBe(true);
    expect(areConsecutive([9, 11])).toBe(false);
    expect(areConsecutive([12])).toBe(false);
    expect(hoursText([10, 9])).toBe('09:00-11:00');
    expect(hoursText([11, 13])).toBe('11:00-12:00、13:00-14:00');
  });
});

describe('ReservationCalendar', () => {
  it('shows the days and hours: closed days, taken and own hours cannot be picked', async () => {
    login();
    const { calls } = api();
    renderApp(<ReservationCalendar rid="sem1" priceFen={400_00} unit="小时" />);
    expect(await screen.findByRole('button', { name: /^2026-11-29 周日 不开放/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^2026-11-23 周一/ })).toHaveAttribute('aria-pressed', 'true');
    expect(slot('09:00-10:00 已被预约')).toBeDisabled();
    expect(slot('17:00-18:00 我的预约')).toBeDisabled();
    expect(slot('10:00-11:00 可预约')).toBeEnabled();
    // the token goes along so the member's own hours come back as 'mine'
    expect(calls.find((c) => c.path === '/api/open/device/query4timeExtra')?.headers.token).toBe('member-token');
    expect(screen.getByRole('button', { name: '立即预约' })).toBeDisabled();
  });

  it('picks consecutive hours, prices them and books them, then goes straight to paying; the slots are fetched again', async () => {
    login();
    let booked = false;
    const { calls } = api({
      '/api/auth/reservation/add': () => {
        booked = true;
        return {
          msg: '预约成功',
          data: { rid: 'r1', itemRid: 'sem1', name: 'SEM', model: null, labLocation: '', date: '2026-11-24', hours: [10, 11], timeText: '10:00-12:00', status: 'booked', statusText: '已预约', amountFen: 800_00, orderNo: 'R20261122001', note: '', createdAt: '2026-11-22T02:00:00Z', holdUntil: '2026-11-22T04:00:00.000Z' },
        };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp(<ReservationCalendar rid="sem1" priceFen={400_00} unit="小时" />);
    await user.click(await screen.findByRole('button', { name: /^2026-11-24 周二/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^2026-11-24 周二/ })).toHaveAttribute('aria-pressed', 'true'));
    await user.click(slot('10:00-11:00 可预约'));
    await user.click(slot('14:00-15:00 可预约'));
    expect(screen.getByText(HOURS_NOT_CONSECUTIVE_MESSAGE)).toBeInTheDocument();
    expect(slot('14:00-15:00 已选')).toHaveAttribute('aria-pressed', 'true');
    expect(slot('10:00-11:00 可预约')).toHaveAttribute('aria-pressed', 'false');
    await user.click(slot('10:00-11:00 可预约'));
    await user.click(slot('11:00-12:00 可预约'));
    expect(screen.getByTestId('reservation-total')).toHaveTextContent('¥800.00');
    const before = calls.filter((c) => c.path === '/api/open/device/query4timeExtra').length;
    await user.click(screen.getByRole('button', { name: '立即预约' }));
    // straight to paying: the order's page with its pay dialog open
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/order/R20261122001'));
    expect(router.state.location.search).toBe('?pay=1');
    expect(await screen.findByText('已为您保留至 12:00，去支付')).toBeInTheDocument();
    expect(screen.getByText(/2026-11-24 10:00-12:00，费用 ¥800.00，保留至 2026-11-22 12:00，逾期未支付时段将自动释放。/)).toBeInTheDocument();
    expect(booked).toBe(true);
    const add = calls.find((c) => c.path === '/api/auth/reservation/add')!;
    expect(add.form.get('rid')).toBe('sem1');
    expect(add.form.get('date')).toBe('2026-11-24');
    expect(JSON.parse(add.form.get('hours')!)).toEqual([10, 11]);
    expect(screen.getByRole('link', { name: /去支付订单 R20261122001/ })).toHaveAttribute('href', '/member/order/R20261122001?pay=1');
    expect(screen.getByRole('link', { name: '查看我的预约' })).toHaveAttribute('href', '/member/reservation');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/open/device/query4timeExtra').length).toBeGreaterThan(before));
  });

  it('a taken hour can be waited for (候补); the server is asked with the day and hour', async () => {
    login();
    const { calls } = api({
      '/api/auth/reservation/wait/join': () => ({
        msg: '已加入候补，时段空出时将通知您',
        data: { rid: 'w1', itemRid: 'sem1', name: 'SEM', date: '2026-11-23', hour: 9, timeText: '09:00-10:00', status: 'waiting', statusText: '候补中', position: 2, offerUntil: null, createdAt: '2026-11-22T02:00:00Z' },
      }),
    });
    const user = userEvent.setup();
    renderApp(<ReservationCalendar rid="sem1" priceFen={400_00} unit="小时" />);
    const group = await screen.findByRole('group', { name: '候补已约满的时段' });
    // only the hours someone else holds (not my own)
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['候补 09:00-10:00']);
    await user.click(within(group).getByRole('button', { name: '候补 09:00-10:00' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/auth/reservation/wait/join')?.form.get('hour')).toBe('9'));
    const join = calls.find((c) => c.path === '/api/auth/reservation/wait/join')!;
    expect(join.form.get('rid')).toBe('sem1');
    expect(join.form.get('date')).toBe('2026-11-23');
    expect(await screen.findByText('已加入候补（第 2 位），时段空出时将通知您')).toBeInTheDocument();
  });

  it('a taken hour (409) shows the server message, clears the pick and fetches the slots again', async () => {
    login();
    const { calls } = api({ '/api/auth/reservation/add': () => ({ code: 0, status: 409, msg: SLOT_TAKEN_MESSAGE }) });
    const user = userEvent.setup();
    renderApp(<ReservationCalendar rid="sem1" priceFen={400_00} unit="小时" />);
    await user.click(await screen.findByRole('button', { name: /^13:00-14:00 可预约/ }));
    const before = calls.filter((c) => c.path === '/api/open/device/query4timeExtra').length;
    await user.click(screen.getByRole('button', { name: '立即预约' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(SLOT_TAKEN_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/open/device/query4timeExtra').length).toBeGreaterThan(before));
    expect(screen.getByRole('button', { name: '立即预约' })).toBeDisabled();
  });

  it('adds the day, hours and options to the plan', async () => {
    login();
    const { calls } = mockApi({
      '/api/open/device/query4timeExtra': { data: time('2026-11-23') },
      '/api/open/web/device/detail': { data: { rid: 'sem1', options: [{ id: 1, name: '探针', choices: [{ id: 1, label: '常规探针', priceFen: 0 }, { id: 2, label: '导电/磁性探针', priceFen: 150_00 }] }] } },
      '/api/auth/tempDevice/addForReservation': { msg: '已加入实验计划', data: { dataArr: [], count: 1, totalFen: 0 } },
    });
    const user = userEvent.setup();
    renderApp(<ReservationCalendar rid="sem1" priceFen={350_00} unit="小时" />);
    // the options are a radio group: the first choice to begin with, the others priced
    const probes = await screen.findByRole('radiogroup', { name: '探针' });
    expect(within(probes).getByRole('radio', { name: '常规探针' })).toBeChecked();
    expect(screen.queryByText(/立即预约按默认测试条件计价/)).toBeNull();
    await user.click(await screen.findByText(/导电\/磁性探针/));
    expect(within(probes).getByRole('radio', { name: '导电/磁性探针（+¥150.00）' })).toBeChecked();
    expect(screen.getByText('立即预约按默认测试条件计价；选择其他条件请「加入实验计划」后一并下单。')).toBeInTheDocument();
    await user.click(slot('15:00-16:00 可预约'));
    await user.click(slot('16:00-17:00 可预约'));
    expect(screen.getByTestId('reservation-total')).toHaveTextContent('¥1,000.00');
    // booking at once takes the default conditions only
    expect(screen.getByRole('button', { name: '立即预约' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /加入实验计划/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/tempDevice/addForReservation')).toBe(true));
    const add = calls.find((c) => c.path === '/api/auth/tempDevice/addForReservation')!;
    expect(add.form.get('date')).toBe('2026-11-23');
    expect(JSON.parse(add.form.get('hours')!)).toEqual([15, 16]);
    expect(JSON.parse(add.form.get('options')!)).toEqual({ '1': 2 });
    expect(await screen.findByText('已加入实验计划：2026-11-23 15:00-17:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去实验计划下单' })).toHaveAttribute('href', '/experiment/plan');
    // no price goes to the server
    expect([...add.form.keys()].some((k) => /price|amount/i.test(k))).toBe(false);
  });

  it('a slot-priced option follows the chosen day: a weekday carries no surcharge, Saturday the weekend rate, and the member cannot pick (issue 31)', async () => {
    login();
    const withSaturday = (date: string): DeviceTime => ({ ...time(date), days: [...time(date).days, { date: '2026-11-28', free: 8, closed: false }] });
    const { calls } = mockApi({
      '/api/open/device/query4timeExtra': (call) => ({ data: withSaturday(call.form.get('date') || '2026-11-23') }),
      '/api/open/web/device/detail': {
        data: { rid: 'sem1', options: [{ id: 1, name: '时段', choices: [{ id: 1, label: '工作日', priceFen: 0, slot: 'weekday' }, { id: 2, label: '周末', priceFen: 100_00, slot: 'weekend' }] }] },
      },
      '/api/auth/tempDevice/addForReservation': { msg: '已加入实验计划', data: { dataArr: [], count: 1, totalFen: 0 } },
    });
    const user = userEvent.setup();
    renderApp(<ReservationCalendar rid="sem1" priceFen={400_00} unit="小时" />);
    // Monday: the weekday rate, shown and not a choice
    expect(await screen.findByText('按所选日期自动计价：工作日时段不加价')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /周末/ })).toBeNull();
    await user.click(slot('10:00-11:00 可预约'));
    expect(screen.getByTestId('reservation-total')).toHaveTextContent('¥400.00');
    // Saturday: the weekend surcharge, and 立即预约 still books it (it is the server's rule too)
    await user.click(screen.getByRole('button', { name: /^2026-11-28/ }));
    expect(await screen.findByText('按所选日期自动计价：周末时段加收')).toBeInTheDocument();
    expect(screen.getByText('周末（+¥100.00）')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /^10:00-11:00 可预约/ }));
    await user.click(slot('11:00-12:00 可预约'));
    expect(screen.getByTestId('reservation-total')).toHaveTextContent('¥1,000.00');
    expect(screen.queryByText(/立即预约按默认测试条件计价/)).toBeNull();
    expect(screen.getByRole('button', { name: '立即预约' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: /加入实验计划/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/tempDevice/addForReservation')).toBe(true));
    const add = calls.find((c) => c.path === '/api/auth/tempDevice/addForReservation')!;
    expect(add.form.get('date')).toBe('2026-11-28');
    expect(JSON.parse(add.form.get('options')!)).toEqual({ '1': 2 });
  });

  it('a visitor gets the login panel instead of a booking', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    renderApp(<ReservationCalendar rid="sem1" priceFen={400_00} unit="小时" />);
    await user.click(await screen.findByRole('button', { name: /^10:00-11:00 可预约/ }));
    await user.click(screen.getByRole('button', { name: '立即预约' }));
    expect(loginPanel.get().open).toBe(true);
    expect(calls.some((c) => c.path === '/api/auth/reservation/add')).toBe(false);
    expect(calls.find((c) => c.path === '/api/open/device/query4timeExtra')?.headers.token).toBeUndefined();
  });

  it('a failed load says so, and 重试 asks again', async () => {
    let fail = true;
    mockApi({
      '/api/open/device/query4timeExtra': () => (fail ? { code: 0, status: 500, msg: '服务器开小差了，请稍后再试' } : { data: time('2026-11-23') }),
      '/api/open/web/device/detail': { data: { rid: 'sem1', options: [] } },
    });
    const user = userEvent.setup();
    renderApp(<ReservationCalendar rid="sem1" priceFen={400_00} unit="小时" />);
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('预约时段加载失败');
    expect(alert).toHaveTextContent('服务器开小差了，请稍后再试');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('button', { name: /^10:00-11:00 可预约/ })).toBeEnabled();
  });

  it('the keyboard reaches the days, the hours and the options', async () => {
    login();
    mockApi({
      '/api/open/device/query4timeExtra': { data: time('2026-11-23') },
      '/api/open/web/device/detail': { data: { rid: 'sem1', options: [{ id: 1, name: '时段', choices: [{ id: 1, label: '工作日白天', priceFen: 0 }, { id: 2, label: '夜间/周末', priceFen: 100_00 }] }] } },
    });
    const user = userEvent.setup();
    renderApp(<ReservationCalendar rid="sem1" priceFen={400_00} unit="小时" />);
    const daytime = await screen.findByRole('radio', { name: '工作日白天' });
    slot('10:00-11:00 可预约').focus();
    await user.keyboard('{Enter}');
    expect(slot('10:00-11:00 已选')).toHaveAttribute('aria-pressed', 'true');
    daytime.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '夜间/周末（+¥100.00）' })).toBeChecked();
    expect(screen.getByTestId('reservation-total')).toHaveTextContent('¥500.00');
  });
});

describe('ReservationCalendar and the login panel', () => {
  it('the chosen day and hours stay while the login panel is open and after logging in, and are what gets booked', { timeout: 30_000 }, async () => {
    const { calls } = api({
      '/api/open/login': () => ({ data: { token: 'member-token', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 }, msg: '登录成功!' }),
      '/api/auth/user/info': () => ({ data: { account: { name: '陈老师', phone: '13900139000' }, addressList: [{ rid: 'a1' }], cartNum: 0 } }),
      '/api/auth/reservation/add': () => ({
        msg: '预约成功',
        data: { rid: 'r1', itemRid: 'sem1', name: 'SEM', model: null, labLocation: '', date: '2026-11-24', hours: [10, 11], timeText: '10:00-12:00', status: 'booked', statusText: '已预约', amountFen: 800_00, orderNo: 'R20261122001', note: '', createdAt: '2026-11-22T02:00:00Z', holdUntil: '2026-11-22T04:00:00.000Z' },
      }),
    });
    const user = userEvent.setup();
    // as on the detail page: the calendar without antd around it, the site layout's login panel beside it
    renderApp(
      <>
        <ReservationCalendar rid="sem1" priceFen={400_00} unit="小时" />
        <LoginPanelHost />
      </>,
      { path: '/detail/sem1', antd: false },
    );
    await user.click(await screen.findByRole('button', { name: /^2026-11-24 周二/ }));
    await user.click(await screen.findByRole('button', { name: /^10:00-11:00 可预约/ }));
    await user.click(slot('11:00-12:00 可预约'));
    const calendar = screen.getByTestId('reservation-calendar');
    await user.click(screen.getByRole('button', { name: '立即预约' }));

    const panel = await screen.findByRole('dialog', { name: /登录/ });
    await user.type(within(panel).getByLabelText('用户名/手机号'), '13900139000');
    await user.type(within(panel).getByLabelText('密码'), 'Demo@2026');
    await user.click(within(panel).getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /登录/ })).toBeNull());

    // the same calendar, never drawn again, with the choice as it was left
    expect(screen.getByTestId('reservation-calendar')).toBe(calendar);
    expect(screen.getByRole('button', { name: /^2026-11-24 周二/ })).toHaveAttribute('aria-pressed', 'true');
    expect(slot('10:00-11:00 已选')).toHaveAttribute('aria-pressed', 'true');
    expect(slot('11:00-12:00 已选')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('reservation-total')).toHaveTextContent('¥800.00');

    await user.click(screen.getByRole('button', { name: '立即预约' }));
    expect(await screen.findByText('已为您保留至 12:00，去支付')).toBeInTheDocument();
    const add = calls.find((c) => c.path === '/api/auth/reservation/add')!;
    expect(add.form.get('date')).toBe('2026-11-24');
    expect(JSON.parse(add.form.get('hours')!)).toEqual([10, 11]);
  });
});
