import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AddressEntity, RecycleRequest, Sampling } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import SamplePage from './sample-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const pickup = (over: Partial<Sampling>): Sampling => ({
  rid: 'S1',
  type: 0,
  date: '2026-12-01',
  time: '09:00',
  name: '张三',
  phone: '13800000000',
  province: '上海市',
  city: '上海市',
  area: '徐汇区',
  address: '桂平路 680 号',
  address_code: '310104',
  sendAddress: '',
  message: '',
  status: 'pending',
  statusText: '待取样',
  createdAt: '2026-11-20T02:00:00.000Z',
  collectedAt: null,
  cancelledAt: null,
  ...over,
});

describe('上门取样 (member)', () => {
  it('pages the pickups (12 → a second page), cancels a pending one; 样品回收 shows its failed load', { timeout: 60_000 }, async () => {
    login();
    const all = Array.from({ length: 12 }, (_, i) => pickup({ rid: `S${i + 1}`, date: `2026-12-${String(i + 1).padStart(2, '0')}`, status: i === 0 ? 'pending' : 'collected', statusText: i === 0 ? '待取样' : '已取样' }));
    const { calls } = mockApi({
      '/api/auth/sampling/list': (call) => {
        const page = Number(call.form.get('page') ?? 1);
        return { data: { list: all.slice((page - 1) * 10, page * 10), total: all.length, page, pageSize: 10 } };
      },
      '/api/auth/sampling/cancel': { data: all[0], msg: '已取消预约' },
      '/api/auth/sample4recycle/list4person': { code: 0, msg: '回收记录暂不可用', status: 400 },
    });
    renderApp(<SamplePage />, { path: '/member/sample' });

    const list = await screen.findByRole('list', { name: '我的取样预约' });
    expect(within(list).getAllByTestId('sampling-item')).toHaveLength(10);
    await userEvent.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: '我的取样预约' })).getAllByTestId('sampling-item')).toHaveLength(2));
    await userEvent.click(screen.getByRole('listitem', { name: '1' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: '我的取样预约' })).getAllByTestId('sampling-item')).toHaveLength(10));

    await userEvent.click(screen.getByRole('button', { name: '取消预约' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('确定取消该上门取样预约吗？');
    await userEvent.click(within(confirm).getByRole('button', { name: '取消预约' }));
    await waitFor(() => expect(calls.find((call) => call.path === '/api/auth/sampling/cancel')?.form.get('rid')).toBe('S1'));
    expect(await screen.findByText('预约已取消')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: '样品回收' }));
    expect(await screen.findByText('样品回收记录加载失败')).toBeInTheDocument();
    expect(screen.getByText('回收记录暂不可用')).toBeInTheDocument();
  });

  it('says when there is nothing yet, with the button to book', async () => {
    login();
    mockApi({ '/api/auth/sampling/list': { data: { list: [], total: 0, page: 1, pageSize: 10 } }, '/api/auth/sample4recycle/list4person': { data: { list: [] as RecycleRequest[], total: 0, page: 1, pageSize: 10 } } });
    renderApp(<SamplePage />, { path: '/member/sample' });
    expect(await screen.findByText(/还没有上门取样预约/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /预约上门取样/ })).toHaveLength(2);
  });

  it('申请寄回样品: the first problem under its field, then sends the address on file by its rid', { timeout: 60_000 }, async () => {
    login();
    const address = { address_rid: 'a1', name: '张三', phone: '13800000000', address_code: '310104', province: '上海市', city: '上海市', area: '徐汇区', address: '漕溪北路 1 号', default: 1, disabled: false } as AddressEntity;
    const { calls } = mockApi({
      '/api/auth/sampling/list': { data: { list: [], total: 0, page: 1, pageSize: 10 } },
      '/api/auth/sample4recycle/list4person': { data: { list: [] as RecycleRequest[], total: 0, page: 1, pageSize: 10 } },
      '/api/auth/address/list': { data: [address] },
      '/api/auth/sample4recycle/add': { data: null },
    });
    renderApp(<SamplePage />, { path: '/member/sample' });
    await userEvent.click(await screen.findByRole('tab', { name: '样品回收' }));
    await userEvent.click(await screen.findByRole('button', { name: /申请寄回样品/ }));
    const dialog = await screen.findByRole('dialog');
    // the addresses arrive after the dialog opened (a new address first); choosing 已有地址 sends the first one
    const existing = within(dialog).getByRole('radio', { name: '选择已有地址' });
    await waitFor(() => expect(existing).toBeEnabled());
    expect(within(dialog).getByLabelText('详细地址')).toBeInTheDocument();
    await userEvent.click(existing);
    await waitFor(() => expect(within(dialog).queryByLabelText('详细地址')).not.toBeInTheDocument());

    await userEvent.click(within(dialog).getByRole('button', { name: '提交申请' }));
    expect(await within(dialog).findByText('[样品说明]不能为空')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/auth/sample4recycle/add')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('样品说明'), 'XRD 粉末 3 份');
    await userEvent.click(within(dialog).getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/auth/sample4recycle/add')).toBe(true));
    const sent = Object.fromEntries(calls.find((call) => call.path === '/api/auth/sample4recycle/add')!.form);
    expect(sent).toMatchObject({ samples: 'XRD 粉末 3 份', address_rid: 'a1' });
    expect(sent).not.toHaveProperty('name');
    expect(await screen.findByText('提交成功!')).toBeInTheDocument();
  });
});
