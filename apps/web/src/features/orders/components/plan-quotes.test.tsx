import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { QuoteView } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import { PlanQuotes } from './plan-quotes';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const quote = (no: string, status: QuoteView['status'], statusText: string, orderNo: string | null = null): QuoteView => ({
  no,
  totalFen: 64_000,
  lineCount: 2,
  issuedAt: '2026-03-02T02:00:00Z',
  expiresAt: '2026-04-01T02:00:00Z',
  status,
  statusText,
  orderNo,
});

describe('PlanQuotes (实验计划 → 报价单)', () => {
  it('lists my quotes; a valid one orders at its prices, an expired one asks to quote again, a used one names its order', async () => {
    login();
    mockApi({ '/api/auth/quote/list': { data: [quote('BJ20260302000001', 'valid', '有效'), quote('BJ20260201000002', 'expired', '已过期'), quote('BJ20260101000003', 'converted', '已转订单', 'KY2026010112345678')] } });
    renderApp(<PlanQuotes disabled={false} />);
    const items = within(await screen.findByTestId('quote-list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [valid, expired, used] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(valid).getByRole('link', { name: /按报价下单/ })).toHaveAttribute('href', '/experiment/confirm?quote=BJ20260302000001');
    expect(within(valid).getByText(/2 个项目，合计 ¥640.00，有效期至 2026-04-01/)).toBeInTheDocument();
    expect(within(expired).getByText('已过期，请重新生成')).toBeInTheDocument();
    expect(within(expired).queryByRole('link')).toBeNull();
    expect(within(used).getByText(/已下单 KY2026010112345678/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /生成报价单/ })).toBeEnabled();
  }, 40_000);

  it('cannot quote an empty plan', async () => {
    login();
    mockApi({ '/api/auth/quote/list': { data: [] } });
    renderApp(<PlanQuotes disabled />);
    expect(await screen.findByRole('button', { name: /生成报价单/ })).toBeDisabled();
  }, 40_000);
});
