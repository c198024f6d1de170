import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AddressEntity } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import AddressPage from './address-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const address = (over: Partial<AddressEntity>) =>
  ({ address_rid: 'a1', name: '张三', phone: '13800000000', address_code: '310104', province: '上海市', city: '上海市', area: '徐汇区', address: '漕溪北路 1 号', default: 1, disabled: false, ...over }) as AddressEntity;

describe('地址管理 (saved cards with 设为默认 / 编辑 / 删除)', () => {
  it('shows each address as a card, sets another as the default and deletes one after the question', { timeout: 60_000 }, async () => {
    login();
    const { calls } = mockApi({
      '/api/auth/address/list': { data: [address({}), address({ address_rid: 'a2', name: '李四', default: 0, disabled: true })] },
      '/api/auth/address/default': { data: null },
      '/api/auth/address/del': { data: null },
    });
    renderApp(<AddressPage />, { path: '/member/address' });

    const cards = await screen.findAllByTestId('address-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('默认地址');
    expect(cards[0]).toHaveTextContent('上海市 徐汇区 漕溪北路 1 号');
    expect(within(cards[0]!).queryByRole('button', { name: '设为默认' })).not.toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('暂未开通上门取样');

    await userEvent.click(within(cards[1]!).getByRole('button', { name: '设为默认' }));
    expect(await screen.findByText('已设为默认地址')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/address/default')!.form.get('address_rid')).toBe('a2');

    await userEvent.click(within(cards[1]!).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除该地址吗？')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/auth/address/del')).toBe(false);
    await userEvent.click(screen.getAllByRole('button', { name: '删除' }).at(-1)!);
    expect(await screen.findByText('地址已删除')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/address/del')!.form.get('address_rid')).toBe('a2');
  });
});
