import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingBlock } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import { NoShowBlocks } from './no-show-blocks';

const login = () => staffSession.saveSession({ token: 'staff-token', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
afterEach(() => staffSession.clearSession());

describe('爽约限制', () => {
  it('lists the blocked members and lifts one only with a reason', async () => {
    login();
    let blocks: BookingBlock[] = [{ member: { rid: 'm1', name: '常爽约', phone: '13912345678' }, noShows: 3, lastNoShowAt: '2026-03-09T01:30:00.000Z' }];
    const { calls } = mockApi({
      '/api/admin/reservations/blocks': () => ({ data: blocks }),
      '/api/admin/reservations/lift': () => {
        blocks = [];
        return { msg: '已解除该会员的预约限制', data: { memberRid: 'm1' } };
      },
    });
    const user = userEvent.setup();
    renderApp(<NoShowBlocks />, { path: '/admin/reservations' });
    const row = (await screen.findByText(/常爽约/)).closest('tr')!;
    expect(row).toHaveTextContent('3');
    expect(row).toHaveTextContent('2026-03-09 09:30');

    await user.click(within(row).getByRole('button', { name: '解除限制' }));
    const tip = await screen.findByRole('tooltip');
    // no reason: the button stays off
    expect(within(tip).getByRole('button', { name: '解除限制' })).toBeDisabled();
    await user.type(within(tip).getByLabelText('解除原因'), '设备故障，非会员原因');
    await user.click(within(tip).getByRole('button', { name: '解除限制' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/admin/reservations/lift')?.form.get('reason')).toBe('设备故障，非会员原因'));
    expect(calls.find((c) => c.path === '/api/admin/reservations/lift')?.form.get('member_rid')).toBe('m1');
    expect(await screen.findByText('没有因爽约暂停预约的会员')).toBeInTheDocument();
  }, 30_000);
});
