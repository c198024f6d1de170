import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PackTemplateView } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import PackTemplatesPage from './pack-templates-page';

afterEach(() => staffSession.clearSession());

const templates: PackTemplateView[] = [
  { key: 'default', name: '高校报销（通用）', rule: '依中山大学财务处报销要求……', contractFromFen: 5_000_000, proofFromFen: 100_000, updatedAt: null },
  { key: 'voucher', name: '创新券兑付', rule: '创新券兑付：……', contractFromFen: 0, proofFromFen: 0, updatedAt: null },
];

describe('系统 → 报销模板', () => {
  it('shows each template with its thresholds in yuan, refuses a bad amount before any call, and saves in yuan', { timeout: 90_000 }, async () => {
    staffSession.saveSession({ token: 'staff', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
    const { calls } = mockApi({
      '/api/admin/packTemplate/list': { data: templates },
      '/api/admin/packTemplate/save': (call) => ({ data: { ...templates[0], name: call.form.get('name'), contractFromFen: 3_000_000, updatedAt: '2026-12-07T10:00:00.000Z' }, msg: '报销模板已保存' }),
    });
    renderApp(<PackTemplatesPage />, { path: '/admin/pack-templates' });

    const form = (await screen.findByText('高校报销（通用）（内置默认）')).closest('section')!;
    const contract = within(form as HTMLElement).getByLabelText('合同金额起点（元）');
    expect(contract).toHaveValue('50000.00');
    expect(within(form as HTMLElement).getByLabelText('付款证明金额起点（元）')).toHaveValue('1000.00');
    expect(screen.getByText('创新券兑付（内置默认）')).toBeInTheDocument();

    await userEvent.clear(contract);
    await userEvent.type(contract, 'abc');
    const save = within(form as HTMLElement).getByRole('button', { name: '保存' });
    await userEvent.click(save);
    await waitFor(() => expect(contract).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.some((c) => c.path === '/api/admin/packTemplate/save')).toBe(false);

    await userEvent.clear(contract);
    await userEvent.type(contract, '30000');
    await userEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/packTemplate/save')).toBe(true));
    expect(Object.fromEntries(calls.find((c) => c.path === '/api/admin/packTemplate/save')!.form)).toMatchObject({ key: 'default', name: '高校报销（通用）', contract_from: '30000', proof_from: '1000.00' });
    expect(await screen.findByText('报销模板已保存')).toBeInTheDocument();
  });
});
