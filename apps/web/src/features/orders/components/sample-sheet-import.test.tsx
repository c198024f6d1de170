import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Plan, SampleSheetImported } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import OrderConfirmPage from '../pages/order-confirm-page';
import { account, address, line, planFixture, siteSettings } from '../testing/plan-fixture';

/** 表格导入样品 on the order form (decisions/0054): a refused sheet's problems in the dialog; an imported one's samples and new line in the form. */

const withNewLine: Plan = {
  ...planFixture,
  dataArr: [{ ...planFixture.dataArr[0]!, items: [...planFixture.dataArr[0]!.items, line({ id: 'L9', count: 1, note: '', options: [{ optionId: 1, choiceId: 1, name: '扫描速度', label: '常规', priceFen: 0 }], unitPriceFen: 6000, amountFen: 6000 })] }, planFixture.dataArr[1]!],
  count: 4,
};
const imported: SampleSheetImported = {
  plan: withNewLine,
  rows: 3,
  lines: [
    { id: 'L1', samples: [{ name: 'LFP-1', count: 2, form: 'powder', hazards: '', magnetic: false, returnWanted: true }, { name: 'LFP-2', count: 1, form: 'bulk', hazards: '易燃', magnetic: true, returnWanted: false }] },
    { id: 'L9', samples: [{ name: 'LFP-3', count: 1, form: 'powder', hazards: '', magnetic: false, returnWanted: false }] },
  ],
};

describe('表格导入样品', () => {
  it('lists every problem of a refused sheet; an imported sheet fills the samples and adds its new line', { timeout: 120_000 }, async () => {
    saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
    let uploads = 0;
    const { calls } = mockApi({
      '/api/auth/tempDevice/list': { data: planFixture },
      '/api/auth/user/info': { data: { account, addressList: [address], cartNum: 3 } },
      '/api/open/setting': { data: siteSettings },
      '/api/auth/address/list': { data: [address] },
      '/api/auth/discount4user/all': { data: { list: [], total: 0, page: 1, pageSize: 100 } },
      '/api/auth/invoice/list': { data: [] },
      '/api/auth/tempDevice/importSheet': () =>
        uploads++ === 0
          ? {
              code: 0,
              status: 400,
              msg: '第6行「样品名称」不能为空等2处问题，未导入任何样品',
              data: { total: 2, problems: [{ row: 6, column: '样品名称', message: '第6行「样品名称」不能为空' }, { row: 37, column: '扫描速度', message: '第37行「扫描速度」不是可选值' }] },
            }
          : { data: imported, msg: '样品已导入' },
    });
    renderApp(<OrderConfirmPage />, { path: '/experiment/confirm?ids=L1' });
    const card = await screen.findByRole('article', { name: 'XRD 粉末衍射' });
    await userEvent.click(within(card).getByRole('button', { name: /表格导入样品/ }));
    const dialog = await screen.findByRole('dialog', { name: '表格导入样品 · XRD 粉末衍射' });
    const file = () => new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], '样品.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    // the upload control draws a fresh input after each file
    const input = () => dialog.querySelector('input[type=file]') as HTMLInputElement;

    await userEvent.upload(input(), file());
    const problems = await within(dialog).findByRole('list', { name: '表格问题' });
    expect(within(problems).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['第6行「样品名称」不能为空', '第37行「扫描速度」不是可选值']);
    expect(within(dialog).getByText('表格有 2 处问题，未导入任何样品，请修改后重新上传')).toBeInTheDocument();
    const sent = calls.find((c) => c.path === '/api/auth/tempDevice/importSheet')!;
    expect(sent.method).toBe('POST');

    await userEvent.upload(input(), file());
    expect(await screen.findByText('已导入 3 个样品（按测试条件分为 2 个项目）', undefined, { timeout: 20_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article', { name: 'XRD 粉末衍射' })).toHaveLength(2));
    const [first, second] = screen.getAllByRole('article', { name: 'XRD 粉末衍射' });
    await waitFor(() => expect(within(first!).getByRole('textbox', { name: 'XRD 粉末衍射 样品1 名称' })).toHaveValue('LFP-1'));
    expect(within(first!).getByRole('textbox', { name: 'XRD 粉末衍射 样品2 名称' })).toHaveValue('LFP-2');
    expect(within(first!).getByRole('textbox', { name: 'XRD 粉末衍射 样品2 危险性说明' })).toHaveValue('易燃');
    expect(within(second!).getByRole('textbox', { name: 'XRD 粉末衍射 样品1 名称' })).toHaveValue('LFP-3');
    // priced as the plan prices them: ¥100.00 × 3 and ¥60.00 × 1
    expect(first).toHaveTextContent('× 3');
    expect(second).toHaveTextContent('¥60.00');
    expect(screen.queryByText('已恢复您上次未提交的填写')).toBeNull();
  });
});
