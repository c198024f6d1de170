import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PromotionOverview } from '@lab/contract';
import { api, application, approved, base, formOf, login, slow } from '../testing/promotion-fixture';
import { renderApp } from '../../../testing/render';
import PromotionPage from './promotion-page';

describe('promotion page', { timeout: 40_000 }, () => {
  it('a member who has not applied reads how it works and applies; the form is checked with the contract schema', async () => {
    login();
    let current = base;
    const { calls } = api(() => current, {
      '/api/auth/promoter_apply/add': () => {
        current = { ...base, status: 'pending', statusText: '审核中', application: { ...application, name: '李华', phone: '13900139000', organization: '复旦大学' } };
        return { data: current };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<PromotionPage />, { path: '/member/promotion' });
    const explainer = await screen.findByRole('region', { name: '推广合伙人计划' });
    expect(within(explainer).getByTestId('promo-rate')).toHaveTextContent('5%');
    expect(explainer).toHaveTextContent('按实付金额的 5% 计入您的返利（冻结中）');

    // prefilled from user/info
    await waitFor(() => expect(screen.getByLabelText('姓名')).toHaveValue('李华'), { timeout: 5000 });
    const form = screen.getByRole('region', { name: '申请成为推广合伙人' });
    expect(within(form).getByLabelText('联系电话')).toHaveValue('13900139000');
    expect(within(form).getByLabelText('单位')).toHaveValue('复旦大学');

    await user.click(within(form).getByRole('button', { name: '提交申请' }));
    expect(await within(form).findByText('[推广渠道]不能为空', {}, slow)).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('联系电话'));
    await user.type(within(form).getByLabelText('联系电话'), '1390013');
    await user.type(within(form).getByLabelText('推广渠道'), '课题组与学院实验平台');
    await user.click(within(form).getByRole('button', { name: '提交申请' }));
    expect(await within(form).findByText('[联系电话]格式不正确', {}, slow)).toBeInTheDocument();
    expect(formOf(calls, '/api/auth/promoter_apply/add')).toHaveLength(0);

    await user.type(within(form).getByLabelText('联系电话'), '9000');
    // the terms: how rebates are paid is stated in them, and they are agreed to by version
    expect(explainer).toHaveTextContent('返利发放方式：现金（可提现）（个人用户，按《推广合伙人协议》）');
    await user.click(within(form).getByRole('button', { name: '提交申请' }));
    expect(await within(form).findByText('请阅读并同意《推广合伙人协议》', {}, slow)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: '《推广合伙人协议》' }));
    const terms = await screen.findByRole('dialog', { name: '《推广合伙人协议》' });
    expect(terms).toHaveTextContent('老师用户：转入预存款');
    await user.click(within(terms).getByRole('button', { name: '知道了' }));
    await user.click(within(form).getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(within(form).getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('申请已提交，请等待审核', {}, slow)).toBeInTheDocument();
    expect(formOf(calls, '/api/auth/promoter_apply/add')).toEqual([{ name: '李华', phone: '13900139000', organization: '复旦大学', channel: '课题组与学院实验平台', terms_version: '2' }]);
    // the page asks again and shows the review
    expect(await screen.findByTestId('partner-status')).toHaveTextContent('审核中');
    expect(screen.getByRole('region', { name: '申请状态' })).toHaveTextContent('课题组与学院实验平台');
  });

  it('a refused member sees the reason and applies again with the last application filled in', async () => {
    login();
    const { calls } = api(() => ({ ...base, status: 'refused', statusText: '未通过', reason: '请补充推广渠道的具体情况', application }), {
      '/api/auth/promoter_apply/add': { data: { ...base, status: 'pending', statusText: '审核中', application } },
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<PromotionPage />, { path: '/member/promotion' });
    const form = await screen.findByRole('region', { name: '重新申请' });
    expect(form).toHaveTextContent('您的申请未通过审核');
    expect(form).toHaveTextContent('原因：请补充推广渠道的具体情况');
    expect(within(form).getByLabelText('姓名')).toHaveValue('李老师');
    expect(within(form).getByLabelText('推广渠道')).toHaveValue('课题组与学院实验平台');
    await user.type(within(form).getByLabelText('推广渠道'), '，约 40 人');
    await user.click(within(form).getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(within(form).getByRole('button', { name: '重新提交申请' }));
    await waitFor(() => expect(formOf(calls, '/api/auth/promoter_apply/add')).toHaveLength(1));
    expect(formOf(calls, '/api/auth/promoter_apply/add')[0]).toMatchObject({ name: '李老师', channel: '课题组与学院实验平台，约 40 人' });
  });

  it('an approved partner sees the four figures, the rebates by status and the withdrawals', async () => {
    login();
    const { calls } = api(() => approved);
    const user = userEvent.setup({ delay: null });
    renderApp(<PromotionPage />, { path: '/member/promotion' });
    const figures = await screen.findByRole('region', { name: '我的返利' });
    expect(figures).toHaveTextContent('返利比例 5%');
    expect(within(figures).getByTestId('figure-frozen')).toHaveTextContent('¥12.00');
    expect(within(figures).getByTestId('figure-withdrawable')).toHaveTextContent('¥250.50');
    expect(within(figures).getByTestId('figure-pending')).toHaveTextContent('¥100.00');
    expect(within(figures).getByTestId('figure-withdrawn')).toHaveTextContent('¥300.00');
    expect(within(figures).getByRole('link', { name: '邀请链接与二维码' })).toHaveAttribute('href', '/member/invite');

    const table = await screen.findByRole('table');
    await within(table).findByText('KY2026030300000517', {}, slow);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('139****0011');
    expect(rows[1]).toHaveTextContent('¥240.00');
    expect(rows[1]).toHaveTextContent('5%');
    expect(rows[1]).toHaveTextContent('¥12.00');
    expect(within(rows[1]!).getByTestId('rebate-status')).toHaveTextContent('冻结中');
    expect(rows[2]).toHaveTextContent('可提现 2026-03-06 16:00');

    await user.click(screen.getByRole('tab', { name: '可提现' }));
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('KY2026030300000517')).toBeNull());
    expect(within(screen.getByRole('table')).getByText('KY2026030400000602')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/promoter_rebate/list').map((c) => c.form.get('status'))).toContain('withdrawable');

    await user.click(screen.getByRole('tab', { name: '提现记录' }));
    const items = await screen.findAllByTestId('withdrawal-item');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('¥100.00');
    expect(within(items[0]!).getByTestId('withdrawal-status')).toHaveTextContent('待审核');
    expect(items[0]).toHaveTextContent('银行卡：李华 · 中国工商银行上海徐汇支行 · **** 1234');
    expect(within(items[0]!).getByRole('button', { name: '取消申请' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('转入预存款');
    expect(within(items[1]!).queryByRole('button', { name: '取消申请' })).toBeNull();
    expect(items[2]).toHaveTextContent('驳回原因：开户名与实名信息不一致');
  });

  it('a partner paid into prepaid funds sees so; after a new version of the terms they are asked to accept it', async () => {
    login();
    let current: PromotionOverview = { ...approved, acceptedTermsVersion: 1, withdrawableFen: 0, paidToPrestoreFen: 80_00, payout: { customerType: '老师', kind: 'prestore', text: '转入预存款' } };
    const { calls } = api(() => current, {
      '/api/auth/promoter_terms/accept': () => {
        current = { ...current, acceptedTermsVersion: 2 };
        return { data: current };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<PromotionPage />, { path: '/member/promotion' });
    const figures = await screen.findByRole('region', { name: '我的返利' });
    expect(within(figures).getByTestId('promo-payout')).toHaveTextContent('返利发放方式：转入预存款（老师用户，按《推广合伙人协议》第 2 版）');
    expect(within(figures).getByTestId('promo-payout')).toHaveTextContent('累计转入预存款 ¥80.00');
    expect(screen.getByText('《推广合伙人协议》已更新至第 2 版')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '查看并同意' }));
    const terms = await screen.findByRole('dialog', { name: '《推广合伙人协议》' });
    await user.click(within(terms).getByRole('button', { name: '我已阅读并同意' }));
    expect(await screen.findByText('已同意新版协议', {}, slow)).toBeInTheDocument();
    expect(formOf(calls, '/api/auth/promoter_terms/accept')).toEqual([{ version: '2' }]);
    await waitFor(() => expect(screen.queryByText('《推广合伙人协议》已更新至第 2 版')).toBeNull());
  });
});
