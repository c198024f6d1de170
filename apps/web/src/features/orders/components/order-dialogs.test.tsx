import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import { detail } from '../testing/fixtures';
import { CancelOrderDialog, DisputeDialog, EvaluateDialog } from './order-dialogs';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

describe('order dialogs', () => {
  it('申请复测 needs a reason (the contract message), then sends it', async () => {
    login();
    const { calls } = mockApi({ '/api/auth/assign/wrong': { data: detail(), msg: '已提交复测申请' } });
    let closed = 0;
    renderApp(<DisputeDialog orderNo="DD1" open onClose={() => (closed += 1)} />);
    const dialog = await screen.findByRole('dialog', { name: '申请复测' });
    await userEvent.click(within(dialog).getByRole('button', { name: '提交申请' }));
    expect(await within(dialog).findByText('[问题描述]不能为空')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox'), '  峰位与标准卡片不符  ');
    await userEvent.click(within(dialog).getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(Object.fromEntries(calls[0]!.form)).toEqual({ order_no: 'DD1', reason: '峰位与标准卡片不符' });
  });

  it('评价 sends the score and the text', async () => {
    login();
    const { calls } = mockApi({ '/api/auth/evaluate/add': { data: detail() } });
    let closed = 0;
    renderApp(<EvaluateDialog orderNo="DD1" open onClose={() => (closed += 1)} />);
    const dialog = await screen.findByRole('dialog', { name: '评价订单' });
    expect(dialog).toHaveTextContent('非常满意');
    const stars = dialog.querySelectorAll('.ant-rate-star > div');
    await userEvent.click(stars[2] as HTMLElement);
    expect(dialog).toHaveTextContent('一般');
    await userEvent.type(within(dialog).getByRole('textbox'), '出数据比约定早一天');
    await userEvent.click(within(dialog).getByRole('button', { name: '提交评价' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(Object.fromEntries(calls[0]!.form)).toEqual({ order_no: 'DD1', score: '3', content: '出数据比约定早一天' });
    expect(await screen.findByText('评价成功，感谢您的反馈')).toBeInTheDocument();
  });

  it('取消订单 says a paid order is refunded; the reason is optional; a refusal shows the server msg', async () => {
    login();
    const { calls } = mockApi({ '/api/auth/order/cancel': { code: 0, status: 409, msg: '样品已签收，不能取消订单' } });
    renderApp(<CancelOrderDialog orderNo="DD1" paid open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: '取消订单' });
    expect(dialog).toHaveTextContent('已支付的金额将原路退回支付账户');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认取消' }));
    expect(await screen.findByText('样品已签收，不能取消订单')).toBeInTheDocument();
    expect(Object.fromEntries(calls[0]!.form)).toEqual({ order_no: 'DD1' });
  });
});
