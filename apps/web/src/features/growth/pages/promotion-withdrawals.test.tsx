import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, approved, formOf, login, slow, withdrawal } from '../testing/promotion-fixture';
import { renderApp } from '../../../testing/render';
import PromotionPage from './promotion-page';

describe('promotion page', { timeout: 40_000 }, () => {
  it('a pending withdrawal can be cancelled; its account cannot be changed, the page says to cancel and apply again', async () => {
    login();
    const { calls } = api(() => approved, {
      '/api/auth/promoter_rebate_withdraw/cancel': { data: withdrawal({ status: 'cancelled', statusText: '已取消' }) },
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<PromotionPage />, { path: '/member/promotion' });
    await user.click(await screen.findByRole('tab', { name: '提现记录' }));
    const [pending] = await screen.findAllByTestId('withdrawal-item');

    // finance pays the account it reviewed: no edit is offered that the server would refuse
    expect(within(pending!).queryByRole('button', { name: '修改收款信息' })).toBeNull();
    expect(pending).toHaveTextContent('收款信息提交后不能修改；如需修改，请取消该申请后重新申请。');
    expect(calls.some((c) => c.path === '/api/auth/promoter_rebate_withdraw/update4user')).toBe(false);

    await user.click(within(pending!).getByRole('button', { name: '取消申请' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: '取消申请' }));
    expect(await screen.findByText('提现申请已取消，金额已退回可提现余额', {}, slow)).toBeInTheDocument();
    expect(formOf(calls, '/api/auth/promoter_rebate_withdraw/cancel')).toEqual([{ rid: 'w1' }]);
  });

  it('the withdrawal dialog checks the amount (format, minimum, what is withdrawable) and the bank account, then sends it', async () => {
    login();
    const { calls } = api(() => approved, {
      '/api/auth/promoter_rebate_withdraw/add': { data: withdrawal({ amountFen: 150_00 }) },
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<PromotionPage />, { path: '/member/promotion' });
    await user.click(await screen.findByRole('button', { name: '申请提现' }));
    const dialog = await screen.findByRole('dialog', { name: '申请提现' });
    expect(within(dialog).getByTestId('dialog-withdrawable')).toHaveTextContent('¥250.50');
    const amount = within(dialog).getByLabelText('提现金额（元）');
    const submit = within(dialog).getByRole('button', { name: '提交申请' });

    await user.click(submit);
    expect(await within(dialog).findByText('[提现金额]不能为空', {}, slow)).toBeInTheDocument();
    await user.type(amount, '12.345');
    await user.click(submit);
    expect(await within(dialog).findByText('[提现金额]最多保留两位小数', {}, slow)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '99.99');
    await user.click(submit);
    expect(await within(dialog).findByText('提现金额不能低于¥100.00', {}, slow)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '250.51');
    await user.click(submit);
    expect(await within(dialog).findByText('可提现金额不足', {}, slow)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '全部提现' }));
    expect(amount).toHaveValue('250.50');
    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(submit);
    expect(await within(dialog).findByText('[开户名]不能为空', {}, slow)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('开户名'), '李华');
    await user.type(within(dialog).getByLabelText('开户行'), '中国工商银行上海徐汇支行');
    await user.type(within(dialog).getByLabelText('银行账号'), '6222abc');
    await user.click(submit);
    expect(await within(dialog).findByText('[银行账号]格式不正确', {}, slow)).toBeInTheDocument();
    expect(formOf(calls, '/api/auth/promoter_rebate_withdraw/add')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('银行账号'));
    await user.type(within(dialog).getByLabelText('银行账号'), '6222021234567890');
    await user.click(submit);
    expect(await screen.findByText('提现申请已提交，等待财务审核', {}, slow)).toBeInTheDocument();
    expect(formOf(calls, '/api/auth/promoter_rebate_withdraw/add')).toEqual([
      { amount: '150', method: 'bank', account_name: '李华', bank_name: '中国工商银行上海徐汇支行', bank_account: '6222021234567890' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '申请提现' })).toBeNull());
  });

  it('to prepaid funds sends no bank account; the server’s refusal is shown', async () => {
    login();
    const { calls } = api(() => approved, {
      '/api/auth/promoter_rebate_withdraw/add': { code: 0, msg: '可提现金额不足', status: 409 },
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<PromotionPage />, { path: '/member/promotion' });
    await user.click(await screen.findByRole('button', { name: '申请提现' }));
    const dialog = await screen.findByRole('dialog', { name: '申请提现' });
    await user.type(within(dialog).getByLabelText('提现金额（元）'), '200');
    await user.click(within(dialog).getByText('转入预存款'));
    expect(within(dialog).queryByLabelText('开户名')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('可提现金额不足', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(formOf(calls, '/api/auth/promoter_rebate_withdraw/add')).toEqual([{ amount: '200', method: 'prestore' }]);
  });

  it('below the minimum the dialog says so and cannot be submitted', async () => {
    login();
    api(() => ({ ...approved, withdrawableFen: 6_00 }));
    const user = userEvent.setup({ delay: null });
    renderApp(<PromotionPage />, { path: '/member/promotion' });
    await user.click(await screen.findByRole('button', { name: '申请提现' }));
    const dialog = await screen.findByRole('dialog', { name: '申请提现' });
    expect(dialog).toHaveTextContent('可提现金额满 ¥100.00 后即可申请提现');
    expect(within(dialog).getByRole('button', { name: '提交申请' })).toBeDisabled();
  });
});
