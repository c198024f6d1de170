import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render';
import { mockApi, type MockCall } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import OrderConfirmPage from './order-confirm-page';
import { account, address, line, planFixture, siteSettings } from '../testing/plan-fixture';
import type { Plan } from '@lab/contract';
import dayjs from 'dayjs';
import { resetStores } from '../../../lib/store';
import { draftOfValues, valuesOfDraft, type OrderValues } from '../components/use-order-form';

type Reply = { code?: 0 | 1; msg?: string; data?: unknown; status?: number };

const saveSessionAgain = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

function setup({ plan = planFixture, order, extra = {} }: { plan?: Plan; order?: (call: MockCall) => Reply; extra?: Parameters<typeof mockApi>[0] } = {}) {
  saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
  return mockApi({
    ...extra,
    '/api/auth/tempDevice/list': { data: plan },
    '/api/auth/user/info': { data: { account, addressList: [address], cartNum: plan.count } },
    '/api/open/setting': { data: siteSettings },
    '/api/auth/address/list': { data: [address] },
    '/api/auth/discount4user/all': { data: { list: [], total: 0, page: 1, pageSize: 100 } },
    '/api/auth/invoice/list': { data: [] },
    ...extra,
    '/api/auth/order/add': order ?? { data: { orderNo: 'KY2026112200000001' }, msg: '订单已提交' },
  });
}

const submit = () => userEvent.click(screen.getByRole('button', { name: '提交订单' }));
const orderCalls = (calls: MockCall[]) => calls.filter((c) => c.path === '/api/auth/order/add');

async function chooseForm(label: string, form: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  // the newest dropdown is the last one (an earlier one may still be leaving)
  const options = await screen.findAllByTitle(form);
  fireEvent.click(options[options.length - 1]!);
  await waitFor(() => expect(screen.getByRole('combobox', { name: label }).closest('.ant-select')).toHaveTextContent(form));
}

describe('order form', () => {
  it('warns on a line whose instrument’s current queue runs past the stated turnaround, and not on one within it', async () => {
    const wait = (itemRid: string, beyondPromise: boolean) => ({
      itemRid,
      ahead: beyondPromise ? 14 : 0,
      minDays: beyondPromise ? 6 : 2,
      maxDays: beyondPromise ? 9 : 4,
      fromDay: '2026-03-10',
      toDay: '2026-03-13',
      basis: 'history',
      computedAt: '2026-03-02T02:00:00Z',
      promisedDays: 5,
      beyondPromise,
    });
    const { calls } = setup({ extra: { '/api/open/queue/waits': { data: [wait('xrd', true), wait('fit', false)] } } });
    renderApp(<OrderConfirmPage />, { path: '/experiment/confirm?ids=L1,L3' });
    const late = await screen.findByTestId('order-line-wait');
    expect(late).toHaveTextContent('当前排队 14 个样品，今天送样预计 6–9 个工作日出数据（约 3月10日–3月13日），超出标明的 5 个工作日');
    expect(within(screen.getByRole('article', { name: 'XRD 粉末衍射' })).getByTestId('order-line-wait')).toBe(late);
    expect(within(screen.getByRole('article', { name: 'XRD 物相检索' })).queryByTestId('order-line-wait')).toBeNull();
    expect(calls.find((c) => c.path === '/api/open/queue/waits')!.query.get('items')).toBe('fit,xrd');
  });

  it('checks with the contract schema, showing the server’s messages one at a time, and sends nothing until all is right', { timeout: 60_000 }, async () => {
    const { calls } = setup();
    renderApp(<OrderConfirmPage />, { path: '/experiment/confirm?ids=L1' });
    const lineCard = await screen.findByRole('article', { name: 'XRD 粉末衍射' });
    // only the line asked for, its samples starting at the line's count
    expect(screen.queryByRole('article', { name: 'XRD 物相检索' })).toBeNull();
    expect(within(lineCard).getByRole('spinbutton', { name: 'XRD 粉末衍射 样品1 数量' })).toHaveValue('2');

    await submit();
    expect(await screen.findByText('[样品名称]不能为空')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'XRD 粉末衍射 样品1 名称' }), 'TiO2 粉末');
    expect(screen.queryByText('[样品名称]不能为空')).toBeNull();
    await submit();
    expect(await screen.findByText('请选择样品形态')).toBeInTheDocument();
    await chooseForm('XRD 粉末衍射 样品1 形态', '粉末');
    await submit();
    expect(await screen.findByText('请阅读并同意《委托检测服务协议》')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意' }));
    await userEvent.click(within(screen.getByRole('radiogroup', { name: '送样方式' })).getByText('上门取样'));
    await submit();
    // the default address is chosen for the pickup; the date is still missing
    expect(await screen.findByText('[取样日期]不能为空')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: '联系电话' }));
    await userEvent.type(screen.getByRole('textbox', { name: '联系电话' }), '12345');
    await userEvent.click(within(screen.getByRole('radiogroup', { name: '送样方式' })).getByText('自行寄样'));
    await submit();
    expect(await screen.findByText('[联系电话]格式不正确')).toBeInTheDocument();
    expect(orderCalls(calls)).toHaveLength(0);
  });

  it('sends the lines as JSON with their samples, the delivery and the wishes, then opens the new order to pay', { timeout: 60_000 }, async () => {
    const { calls } = setup();
    const { router } = renderApp(<OrderConfirmPage />, { path: '/experiment/confirm?ids=L1' });
    await screen.findByRole('article', { name: 'XRD 粉末衍射' });
    expect(screen.getByText('上海市徐汇区桂平路 680 号 样品室')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'XRD 粉末衍射 样品1 名称' }), 'TiO2 粉末');
    await chooseForm('XRD 粉末衍射 样品1 形态', '粉末');
    await userEvent.click(screen.getByRole('checkbox', { name: '有磁性' }));
    // a second sample, then removed again; at least one always stays
    await userEvent.click(screen.getByRole('button', { name: /添加样品/ }));
    expect(screen.getByRole('group', { name: 'XRD 粉末衍射 样品2' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'XRD 粉末衍射 样品2 名称' }), '薄膜 A');
    await chooseForm('XRD 粉末衍射 样品2 形态', '薄膜');
    await userEvent.type(screen.getByRole('textbox', { name: 'XRD 粉末衍射 样品2 危险性说明' }), '易燃');
    await userEvent.click(within(screen.getByRole('group', { name: 'XRD 粉末衍射 样品2' })).getByRole('checkbox', { name: '需要退样' }));
    // priced by the samples as the server does: 100 × (2 + 1)
    expect(screen.getByTestId('order-total')).toHaveTextContent('¥300.00');
    // the agreement read in its dialog
    await userEvent.click(screen.getByRole('button', { name: '《委托检测服务协议》' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('委托检测服务协议')).toBeInTheDocument();
    expect(within(dialog).getByText(/结果异议与复测/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '我已阅读并同意' }));
    expect(screen.getByRole('checkbox', { name: '我已阅读并同意' })).toBeChecked();
    await userEvent.type(screen.getByRole('textbox', { name: '订单备注' }), '请尽快安排');
    await submit();

    await waitFor(() => expect(orderCalls(calls)).toHaveLength(1));
    const form = orderCalls(calls)[0]!.form;
    expect(JSON.parse(form.get('lines')!)).toEqual([
      {
        id: 'L1',
        samples: [
          { name: 'TiO2 粉末', count: 2, form: 'powder', hazards: '', magnetic: true, returnWanted: false },
          { name: '薄膜 A', count: 1, form: 'film', hazards: '易燃', magnetic: false, returnWanted: true },
        ],
        note: '需要精修',
      },
    ]);
    expect(form.get('delivery')).toBe('self');
    expect(form.get('agree')).toBe('1');
    expect(form.get('invoice_type')).toBe('0');
    expect(form.get('contact')).toBe('陈老师');
    expect(form.get('phone')).toBe('13900139000');
    expect(form.get('remark')).toBe('请尽快安排');
    expect(form.has('address_rid')).toBe(false);
    // no price travels: the server prices the order
    expect([...form.keys()].some((k) => /price|amount|total/i.test(k))).toBe(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/order/KY2026112200000001'));
    expect(router.state.location.search).toBe('?pay=1');
  });

  it('shows the server’s message when it refuses the order', { timeout: 30_000 }, async () => {
    setup({ order: () => ({ code: 0, status: 409, msg: '请先完善基本信息（收货地址）后再下单' }) });
    renderApp(<OrderConfirmPage />, { path: '/experiment/confirm?ids=L3' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'XRD 物相检索 样品1 名称' }), '谱图');
    await chooseForm('XRD 物相检索 样品1 形态', '其他');
    await userEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意' }));
    await submit();
    expect(await screen.findByText('请先完善基本信息（收货地址）后再下单')).toBeInTheDocument();
  });

  it('an on-site line needs no samples; nothing selected leads back to the plan', async () => {
    const onsite: Plan = {
      dataArr: [{ type_id: 41, name: '仪器机时', items: [line({ id: 'R1', name: '场发射扫描电镜 机时', typeId: 2, unit: '小时', count: 2, options: [], reservation: { date: '2026-11-25', hours: [9, 10] } })] }],
      count: 1,
      totalFen: 20000,
    };
    const { calls } = setup({ plan: onsite });
    renderApp(<OrderConfirmPage />, { path: '/experiment/confirm?ids=R1' });
    const card = await screen.findByRole('article', { name: '场发射扫描电镜 机时' });
    expect(within(card).getByText('预约时段：2026-11-25 09:00-11:00')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /添加样品/ })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意' }));
    await submit();
    await waitFor(() => expect(orderCalls(calls)).toHaveLength(1));
    expect(JSON.parse(orderCalls(calls)[0]!.form.get('lines')!)).toEqual([{ id: 'R1', samples: [], note: '需要精修' }]);
  });

  it('lines that are no longer in the plan: an empty state back to the plan', async () => {
    setup();
    renderApp(<OrderConfirmPage />, { path: '/experiment/confirm?ids=gone' });
    expect(await screen.findByText('没有可下单的项目，请先在实验计划中选择项目')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回实验计划' })).toHaveAttribute('href', '/experiment/plan');
  });

  it('keeps what was typed as a draft per member: a reload (or a detour) brings it back; submitting clears it', { timeout: 60_000 }, async () => {
    const { calls } = setup();
    const first = renderApp(<OrderConfirmPage />, { path: '/experiment/confirm?ids=L1' });
    await screen.findByRole('article', { name: 'XRD 粉末衍射' });
    await userEvent.type(screen.getByRole('textbox', { name: 'XRD 粉末衍射 样品1 名称' }), 'TiO2 粉末');
    await chooseForm('XRD 粉末衍射 样品1 形态', '粉末');
    await userEvent.click(screen.getByRole('button', { name: /添加样品/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'XRD 粉末衍射 样品2 名称' }), '薄膜 A');
    await userEvent.click(within(screen.getByRole('radiogroup', { name: '送样方式' })).getByText('上门取样'));
    await chooseForm('发票需求', '增值税普通电子发票');
    await userEvent.type(screen.getByRole('textbox', { name: '订单备注' }), '周三前送到');
    expect(screen.queryByText('已恢复您上次未提交的填写')).toBeNull();

    // the tab reloaded (or the member went to 去添加抬头 and came back): only localStorage is left
    first.unmount();
    resetStores();
    expect(localStorage.getItem('lab.order-drafts')).toContain('TiO2 粉末');
    saveSessionAgain();
    renderApp(<OrderConfirmPage />, { path: '/experiment/confirm?ids=L1' });
    expect(await screen.findByText('已恢复您上次未提交的填写')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'XRD 粉末衍射 样品1 名称' })).toHaveValue('TiO2 粉末'));
    expect(screen.getByRole('combobox', { name: 'XRD 粉末衍射 样品1 形态' }).closest('.ant-select')).toHaveTextContent('粉末');
    expect(screen.getByRole('textbox', { name: 'XRD 粉末衍射 样品2 名称' })).toHaveValue('薄膜 A');
    expect(within(screen.getByRole('radiogroup', { name: '送样方式' })).getByRole('radio', { name: '上门取样' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: '发票需求' }).closest('.ant-select')).toHaveTextContent('增值税普通电子发票');
    expect(screen.getByRole('textbox', { name: '订单备注' })).toHaveValue('周三前送到');

    // submitted: the draft is gone
    await userEvent.click(within(screen.getByRole('radiogroup', { name: '送样方式' })).getByText('自行寄样'));
    await chooseForm('XRD 粉末衍射 样品2 形态', '薄膜');
    await userEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意' }));
    await submit();
    await waitFor(() => expect(orderCalls(calls)).toHaveLength(1));
    expect(JSON.parse(orderCalls(calls)[0]!.form.get('lines')!)[0].samples.map((x: { name: string }) => x.name)).toEqual(['TiO2 粉末', '薄膜 A']);
    await waitFor(() => expect(localStorage.getItem('lab.order-drafts')).toBeNull());
  });

  it('a draft keeps the pickup day and slot while the day is ahead, and lines by their id', () => {
    const values = {
      lines: [{ samples: [{ key: 's1', name: '粉末', count: 1, form: 'powder', hazards: '', magnetic: false, returnWanted: false }], note: 'n' }],
      delivery: 'pickup',
      address_rid: 'a1',
      date: dayjs('2026-12-10'),
      time: '09:00-12:00',
      agree: true,
      coupon_rid: 'cp1',
      invoice_type: 1,
      invoice_title_rid: 't1',
      contact: '陈老师',
      phone: '13900139000',
      remark: '',
    } as OrderValues;
    const draft = { ...draftOfValues(values, [{ id: 'L1' }]), savedAt: 1 };
    expect(draft).toMatchObject({ lines: { L1: { note: 'n' } }, date: '2026-12-10', time: '09:00-12:00', invoice_title_rid: 't1' });
    const empty = { ...values, lines: [{ samples: [], note: '' }, { samples: [], note: 'x' }], date: null, time: undefined, agree: false };
    const back = valuesOfDraft(draft, [{ id: 'L2' }, { id: 'L1' }], empty, '2026-12-08');
    expect(back.lines[0]).toEqual({ samples: [], note: '' });
    expect(back.lines[1]!.samples[0]!.name).toBe('粉末');
    expect(back.date?.format('YYYY-MM-DD')).toBe('2026-12-10');
    expect(back.time).toBe('09:00-12:00');
    // the agreement is ticked again on submitting
    expect(back.agree).toBe(false);
    // a day gone by: the member picks again
    const late = valuesOfDraft(draft, [{ id: 'L1' }], empty, '2026-12-11');
    expect(late.date).toBeNull();
    expect(late.time).toBeUndefined();
  });

  it('可领 N 张 beside 暂无可用优惠券: a coupon claimed in place is chosen for the order', { timeout: 30_000 }, async () => {
    const mine = { rid: 'mc1', name: '新用户立减 ¥50', amountFen: 50_00, offRateBp: null, thresholdFen: 100_00, scope: { kind: 'all' }, scopeText: '全部服务可用', status: 'unused', statusText: '未使用', validFrom: '2026-03-05T00:00:00.000Z', validTo: '2099-04-05T00:00:00.000Z', usedAt: null, claimedAt: '2026-03-05T00:00:00.000Z' };
    let claimed = false;
    const { calls } = setup({
      extra: {
        '/api/auth/discount4user/all': () => ({ data: { list: claimed ? [mine] : [], total: claimed ? 1 : 0, page: 1, pageSize: 100 } }),
        '/api/auth/discount4user/list4all': () => ({
          data: [{ rid: 't1', name: '新用户立减 ¥50', amountFen: 50_00, offRateBp: null, thresholdFen: 100_00, scope: { kind: 'all' }, scopeText: '全部服务可用', validFrom: null, validTo: null, validDays: 30, perMemberLimit: 1, remaining: null, claimedByMe: claimed ? 1 : 0, claimable: !claimed, description: '' }],
        }),
        '/api/auth/discount4user/add': () => {
          claimed = true;
          return { data: mine, msg: '领取成功' };
        },
      },
    });
    renderApp(<OrderConfirmPage />, { path: '/experiment/confirm?ids=L1' });
    await screen.findByRole('article', { name: 'XRD 粉末衍射' });
    await userEvent.click(await screen.findByRole('button', { name: /可领 1 张优惠券/ }));
    await userEvent.click(within(screen.getByRole('list', { name: '可领取的优惠券' })).getByRole('button', { name: '领取' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/discount4user/add')).toBe(true));
    await waitFor(() => expect(screen.getByRole('combobox', { name: '优惠券' }).closest('.ant-select')).toHaveTextContent('新用户立减 ¥50（预计优惠 ¥50.00）'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /可领 \d 张优惠券/ })).toBeNull());
  });

  it('添加抬头 inside checkout: the first invoice title is added in a dialog without leaving, then chosen and sent with the order', { timeout: 60_000 }, async () => {
    const title = { rid: 'it1', kind: 'unit', title: '苏州大学', tax_no: '12320000466008393T', bank: null, bank_account: null, address: null, phone: null, email: null, default: 1, specialReady: false };
    let added = false;
    const { calls } = setup({
      extra: {
        '/api/auth/invoice/list': () => ({ data: added ? [title] : [] }),
        '/api/auth/invoice/add': () => {
          added = true;
          return { data: title, msg: '操作成功!' };
        },
      },
    });
    const { router } = renderApp(<OrderConfirmPage />, { path: '/experiment/confirm?ids=L1' });
    await screen.findByRole('article', { name: 'XRD 粉末衍射' });
    await userEvent.type(screen.getByRole('textbox', { name: 'XRD 粉末衍射 样品1 名称' }), 'TiO2 粉末');
    await chooseForm('XRD 粉末衍射 样品1 形态', '粉末');
    await chooseForm('发票需求', '增值税普通电子发票');
    await userEvent.click(await screen.findByRole('button', { name: '添加抬头' }));
    const dialog = await screen.findByRole('dialog', { name: '新增发票抬头' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '发票抬头' }), '苏州大学');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '税号' }), '12320000466008393T');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: '发票抬头' }).closest('.ant-select')).toHaveTextContent('苏州大学（单位）'));
    // still checkout, with what was typed
    expect(router.state.location.pathname).toBe('/experiment/confirm');
    expect(screen.getByRole('textbox', { name: 'XRD 粉末衍射 样品1 名称' })).toHaveValue('TiO2 粉末');
    expect(calls.find((c) => c.path === '/api/auth/invoice/add')!.form.get('title')).toBe('苏州大学');
    await userEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意' }));
    await submit();
    await waitFor(() => expect(orderCalls(calls)).toHaveLength(1));
    expect(orderCalls(calls)[0]!.form.get('invoice_type')).toBe('1');
    expect(orderCalls(calls)[0]!.form.get('invoice_title_rid')).toBe('it1');
  });

  it('chooses the member’s coupon that takes the most off these lines, until they choose otherwise', { timeout: 30_000 }, async () => {
    const coupon = (over: Record<string, unknown>) => ({ rid: 'mc1', name: '新用户立减 ¥50', amountFen: 50_00, offRateBp: null, thresholdFen: 100_00, scope: { kind: 'all' }, scopeText: '全部服务可用', status: 'unused', statusText: '未使用', validFrom: '2026-03-05T00:00:00.000Z', validTo: '2099-04-05T00:00:00.000Z', usedAt: null, claimedAt: '2026-03-05T00:00:00.000Z', ...over });
    const list = [coupon({ rid: 'small', name: '立减 ¥10', amountFen: 10_00, thresholdFen: 0 }), coupon({}), coupon({ rid: 'far', name: '满1000减100', amountFen: 100_00, thresholdFen: 1000_00 })];
    const { calls } = setup({ extra: { '/api/auth/discount4user/all': { data: { list, total: 3, page: 1, pageSize: 100 } } } });
    renderApp(<OrderConfirmPage />, { path: '/experiment/confirm?ids=L1' });
    await screen.findByRole('article', { name: 'XRD 粉末衍射' });
    // ¥200 of samples: ¥50 off beats ¥10 off; 满1000 does not apply
    await waitFor(() => expect(screen.getByRole('combobox', { name: '优惠券' }).closest('.ant-select')).toHaveTextContent('新用户立减 ¥50（预计优惠 ¥50.00）'));
    await userEvent.type(screen.getByRole('textbox', { name: 'XRD 粉末衍射 样品1 名称' }), 'TiO2');
    await chooseForm('XRD 粉末衍射 样品1 形态', '粉末');
    await userEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意' }));
    await submit();
    await waitFor(() => expect(orderCalls(calls)).toHaveLength(1));
    expect(orderCalls(calls)[0]!.form.get('coupon_rid')).toBe('mc1');
  });
});
