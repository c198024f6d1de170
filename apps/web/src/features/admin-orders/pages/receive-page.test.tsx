import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import ReceivePage from './receive-page';
import { ORDER, orderDetail as detail } from '../testing/order-detail-fixture';


const login = () => staffSession.saveSession({ token: 'staff-token', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
afterEach(() => staffSession.clearSession());

describe('收样登记', () => {
  it('finds the order of a scanned sample code on Enter, receives it with the scanned text and a note, then offers the labels', async () => {
    login();
    let order = detail();
    const { calls } = mockApi({
      '/api/admin/me': { data: { id: 3, account: 'lab', name: '李实验员', role: 'lab', phone: null } },
      '/api/admin/orders/detail': () => ({ data: order }),
      '/api/admin/orders/receive': () => {
        order = detail({ progress: 'received', progressText: '已收样', receivedAt: '2026-03-02T02:00:00Z', staffActions: { ...order.staffActions, receive: false, test: true } });
        return { msg: '已确认收样', data: order };
      },
    });
    const user = userEvent.setup();
    renderApp(<ReceivePage />);

    await user.type(screen.getByLabelText('订单号或样品编号'), ` ${ORDER.toLowerCase()}-1-2{Enter}`);
    const found = await screen.findByTestId('receive-order');
    expect(calls.find((c) => c.path === '/api/admin/orders/detail')?.form.get('order_no')).toBe(`${ORDER.toLowerCase()}-1-2`);
    expect(calls.find((c) => c.path === '/api/admin/orders/detail')?.headers.token).toBe('staff-token');
    expect(found).toHaveTextContent('陈老师 13900139000');
    expect(within(found).getByText(`${ORDER}-1-1`)).toBeInTheDocument();
    expect(within(found).getByText('需回寄')).toBeInTheDocument();

    await user.type(screen.getByLabelText('收样备注'), '样品完好');
    await user.click(await screen.findByRole('button', { name: '确认收样' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/orders/receive')).toBe(true));
    const receive = calls.find((c) => c.path === '/api/admin/orders/receive')!;
    // what was scanned goes to the server (and into the audit log), not a number guessed here
    expect(receive.form.get('order_no')).toBe(`${ORDER.toLowerCase()}-1-2`);
    expect(receive.form.get('note')).toBe('样品完好');
    expect(await screen.findByText('已确认收样', { selector: '.ant-alert-title' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /打印样品标签/ })).toHaveAttribute('href', `/admin/orders/${ORDER}/labels`);
    expect(within(await screen.findByTestId('received-item')).getByRole('link', { name: ORDER })).toHaveAttribute('href', `/admin/orders/${ORDER}`);
  }, 30_000);

  it('says why an order cannot be received, and when nothing matches', async () => {
    login();
    mockApi({
      '/api/admin/me': { data: { id: 3, account: 'lab', name: '李实验员', role: 'lab', phone: null } },
      '/api/admin/orders/detail': (call) =>
        call.form.get('order_no') === ORDER ? { data: detail({ progress: 'testing', progressText: '测试中' }) } : { code: 0, status: 404, msg: '订单不存在' },
    });
    const user = userEvent.setup();
    renderApp(<ReceivePage />);
    await user.type(screen.getByLabelText('订单号或样品编号'), `${ORDER}{Enter}`);
    expect(await screen.findByText('订单当前为「测试中」，无需整单收样；可在下方逐个样品流转')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '确认收样' })).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('订单号或样品编号'));
    await user.type(screen.getByLabelText('订单号或样品编号'), 'KY000{Enter}');
    expect(await screen.findByText('订单不存在')).toBeInTheDocument();
    expect(screen.getByText(/没有找到「KY000」对应的订单/)).toBeInTheDocument();
  }, 30_000);

  it('confirms and receives an order still 待确认 in one step (确认并收样)', async () => {
    login();
    let order = detail({ progress: 'submitted', progressText: '待确认', staffActions: { ...detail().staffActions, confirm: true, receive: false } });
    const { calls } = mockApi({
      '/api/admin/me': { data: { id: 3, account: 'lab', name: '李实验员', role: 'lab', phone: null } },
      '/api/admin/orders/detail': () => ({ data: order }),
      '/api/admin/orders/receive': () => {
        order = detail({ progress: 'received', progressText: '已收样' });
        return { msg: '已确认收样', data: order };
      },
    });
    const user = userEvent.setup();
    renderApp(<ReceivePage />);
    await user.type(screen.getByLabelText('订单号或样品编号'), `${ORDER}{Enter}`);
    expect(await screen.findByText(/订单尚未确认：样品已到时可「确认并收样」/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '确认收样' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确认并收样' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/orders/receive')).toBe(true));
    const receive = calls.find((c) => c.path === '/api/admin/orders/receive')!;
    expect(receive.form.get('order_no')).toBe(ORDER);
    expect(receive.form.get('confirm')).toBe('true');
  }, 30_000);

  it("moves one sample on from its row, and shows each sample's state", async () => {
    login();
    let order = detail({ progress: 'received', progressText: '已收样' });
    order.lines[0]!.samples[0] = { ...order.lines[0]!.samples[0]!, state: 'received', stateText: '已收样', stateAt: '2026-03-02T02:00:00Z' };
    const { calls } = mockApi({
      '/api/admin/me': { data: { id: 3, account: 'lab', name: '李实验员', role: 'lab', phone: null } },
      '/api/admin/orders/detail': () => ({ data: order }),
      '/api/admin/samples/move': () => {
        order = detail({ progress: 'received', progressText: '已收样' });
        order.lines[0]!.samples[0] = { ...order.lines[0]!.samples[0]!, state: 'queued', stateText: '排队中', stateAt: '2026-03-02T03:00:00Z' };
        return { msg: '样品状态已更新', data: order };
      },
    });
    const user = userEvent.setup();
    renderApp(<ReceivePage />);
    await user.type(screen.getByLabelText('订单号或样品编号'), `${ORDER}-1-1{Enter}`);
    const found = await screen.findByTestId('receive-order');
    const row = () => within(within(found).getByText(`${ORDER}-1-1`).closest('tr')!);
    expect(row().getByText('已收样', { selector: '.ant-tag' })).toBeInTheDocument();
    // the second sample has not arrived: its one move is receiving it
    expect(within(within(found).getByText(`${ORDER}-1-2`).closest('tr')!).getByRole('button', { name: `样品${ORDER}-1-2→ 已收样` })).toBeInTheDocument();
    await user.click(row().getByRole('button', { name: `样品${ORDER}-1-1→ 排队中` }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/samples/move')).toBe(true));
    const move = calls.find((c) => c.path === '/api/admin/samples/move')!;
    expect(Object.fromEntries(move.form)).toEqual({ code: `${ORDER}-1-1`, to: 'queued' });
    await waitFor(() => expect(row().getByText('排队中', { selector: '.ant-tag' })).toBeInTheDocument());
  }, 30_000);
});
