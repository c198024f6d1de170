import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { OrderDetail, PricedOption, SampleLabels, SampleSheetImported, SampleSheetRefusal } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { multipart } from '../../../test/access-world';
import { makeStaff } from '../../../test/factories';
import { serviceItems } from '../catalog/catalog.tables';
import { planLines } from './orders.tables';
import { makeBuyer, makeItem, modeOption } from './test-helpers';

/** 样品导入表 (issue 34, decisions/0054): the template round trip, problems per row, the limits. */

const NOW = '2026-03-02T02:00:00Z';
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: NOW });
});
afterAll(() => t.close());

const angle: PricedOption = {
  id: 2,
  name: '衍射角范围',
  choices: [
    { id: 21, label: '5-90°', priceFen: 0 },
    { id: 22, label: '10-80°, 慢扫', priceFen: 3000 },
  ],
};

async function template(token: string | undefined, rid: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/auth/tempDevice/sampleSheet', query: { rid }, headers: token ? { token } : {} });
  return response;
}

/** The template filled as a person does in Excel: rows from 2, each cell a value. */
async function fill(bytes: Buffer, rows: Array<Array<string | number>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('样品')!;
  rows.forEach((values, i) => values.forEach((value, c) => (sheet.getCell(i + 2, c + 1).value = value)));
  return Buffer.from(await book.xlsx.writeBuffer());
}

const importSheet = (token: string, rid: string, bytes: Buffer) =>
  multipart<SampleSheetImported>(t.app, '/api/auth/tempDevice/importSheet', token, { rid }, { name: '样品.xlsx', bytes, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

const row = (n: number, mode = '常规', range = '5-90°'): Array<string | number> => [`样品-${n}`, 1, '粉末', '', '否', '否', mode, range];

async function setup(priceFen = 10000) {
  const buyer = await makeBuyer(t);
  const item = await makeItem(t.db, { name: `X射线衍射${Math.random().toString(36).slice(2, 6)}`, priceFen, options: [modeOption, angle] });
  const blank = (await template(buyer.token, item.rid)).rawPayload;
  return { buyer, item, blank };
}

const planCount = async (memberId: number) => (await t.db.select().from(planLines).where(eq(planLines.memberId, memberId))).length;

describe('the template', () => {
  it('is an xlsx per item: the sample columns, then the options, each with its list of allowed values', async () => {
    const { buyer, item } = await setup();
    const response = await template(buyer.token, item.rid);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain(`样品导入表-${item.name}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('样品')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['样品名称', '数量', '样品形态', '危险性说明', '有磁性', '需要退样', '测试模式', '衍射角范围']);
    const values = book.getWorksheet('可选值')!;
    expect(values.state).toBe('hidden');
    // the option column's list points at its choices in the hidden sheet; so does the last row
    for (const address of ['H2', 'H501']) {
      const rule = sheet.getCell(address).dataValidation;
      expect(rule).toMatchObject({ type: 'list', formulae: [`'可选值'!$D$2:$D$3`] });
    }
    expect([values.getCell('D2').value, values.getCell('D3').value]).toEqual(['5-90°', '10-80°, 慢扫']);
    expect(sheet.getCell('C2').dataValidation).toMatchObject({ type: 'list', formulae: [`'可选值'!$A$2:$A$8`] });
    expect(sheet.getCell('H502').dataValidation).toBeUndefined();
  });

  it('needs a member, and an item that takes samples', async () => {
    const { item, buyer } = await setup();
    expect((await template(undefined, item.rid)).statusCode).toBe(401);
    const hours = await makeItem(t.db, { reservable: true });
    expect((await template(buyer.token, hours.rid)).json()).toMatchObject({ msg: '该项目按机时预约，无需导入样品' });
  });
});

describe('importing a filled sheet', () => {
  it('round-trips: the rows join the plan by their options, priced by the catalogue, and the order takes them with a label each', async () => {
    const { buyer, item, blank } = await setup(10000);
    const filled = await fill(blank, [
      ['TiO2-1', 2, '粉末', '', '否', '是', '常规', '5-90°'],
      ['TiO2-2', 1, '薄膜', '易燃', '是', '', '高分辨', '10-80°, 慢扫'],
      [],
      ['TiO2-3', '', '块体', '', '', '', '常规', '5-90°'],
    ]);
    const res = await importSheet(buyer.token, item.rid, filled);
    expect(res).toMatchObject({ status: 200, code: 1, msg: '样品已导入', data: { rows: 3 } });
    expect(res.data.lines.map((l) => l.samples.map((s) => s.name))).toEqual([['TiO2-1', 'TiO2-3'], ['TiO2-2']]);
    expect(res.data.lines[1]!.samples[0]).toEqual({ name: 'TiO2-2', count: 1, form: 'film', hazards: '易燃', magnetic: true, returnWanted: false });
    const planned = res.data.plan.dataArr.flatMap((g) => g.items);
    const first = planned.find((l) => l.id === res.data.lines[0]!.id)!;
    const second = planned.find((l) => l.id === res.data.lines[1]!.id)!;
    expect(first).toMatchObject({ count: 3, unitPriceFen: 10000, amountFen: 30000 });
    expect(second).toMatchObject({ count: 1, unitPriceFen: 10000 + 5000 + 3000, amountFen: 18000 });
    expect(second.options.map((o) => o.label)).toEqual(['高分辨', '10-80°, 慢扫']);

    // importing the same sheet again sets the lines' counts, it does not add them up
    expect((await importSheet(buyer.token, item.rid, filled)).data.plan.totalFen).toBe(48000);

    const order = await call<OrderDetail>(t.app, 'POST', '/api/auth/order/add', {
      token: buyer.token,
      json: { lines: res.data.lines.map((l) => ({ id: l.id, samples: l.samples })), delivery: 'self', agree: true },
    });
    expect(order).toMatchObject({ code: 1, data: { totalFen: 48000 } });
    const lab = await makeStaff(t.db, 'lab', t.clock.now());
    const labels = await call<SampleLabels>(t.app, 'POST', '/api/admin/orders/labels', { token: lab.token, json: { order_no: order.data.orderNo } });
    expect(labels.data.labels.map((l) => l.name)).toEqual(['TiO2-1', 'TiO2-3', 'TiO2-2']);
  });

  it('names every problem by its row and column, and imports nothing', async () => {
    const { buyer, item, blank } = await setup();
    const rows = Array.from({ length: 40 }, (_, i) => row(i + 1));
    rows[35] = ['样品-36', 1, '粉末', '', '否', '否', '常规', '0-180°']; // Excel row 37
    rows[4] = ['', 1000, '胶体', '', '可能', '否', '', '5-90°']; // Excel row 6
    const res = await importSheet(buyer.token, item.rid, await fill(blank, rows));
    expect(res.status).toBe(400);
    const refusal = res.data as unknown as SampleSheetRefusal;
    expect(refusal.problems.map((p) => p.message)).toEqual([
      '第6行「样品形态」不是可选值（粉末、薄膜、液体、块体、纤维、气体、其他）',
      '第6行「有磁性」不是可选值（是 或 否）',
      '第6行「样品名称」不能为空',
      '第6行「数量」不能超过999',
      '第6行「测试模式」不能为空',
      '第37行「衍射角范围」不是可选值',
    ]);
    expect(refusal.problems.at(-1)).toMatchObject({ row: 37, column: '衍射角范围' });
    expect(res.msg).toBe('第6行「样品形态」不是可选值（粉末、薄膜、液体、块体、纤维、气体、其他）等6处问题，未导入任何样品');
    expect(await planCount(buyer.member.id)).toBe(0);
  });

  it('takes 500 rows and refuses 501 or none', async () => {
    const { buyer, item, blank } = await setup();
    const five = Array.from({ length: 500 }, (_, i) => row(i + 1, i % 2 ? '常规' : '高分辨'));
    const ok = await importSheet(buyer.token, item.rid, await fill(blank, five));
    expect(ok).toMatchObject({ code: 1, data: { rows: 500 } });
    expect(ok.data.lines.map((l) => l.samples.length)).toEqual([250, 250]);

    const other = await makeBuyer(t);
    const tooMany = await importSheet(other.token, item.rid, await fill(blank, [...five, row(501)]));
    expect(tooMany).toMatchObject({ status: 400, msg: '一次最多导入500个样品，表格中有501行，请分成多个表格导入' });
    expect(await importSheet(other.token, item.rid, blank)).toMatchObject({ status: 400, msg: '表格中没有样品，请从第2行起每行填写一个样品' });
    expect(await planCount(other.member.id)).toBe(0);
  });

  it('refuses another item\'s template, a sheet of other columns and a file that is not xlsx', async () => {
    const { buyer, item, blank } = await setup();
    const other = await makeItem(t.db, { name: '拉曼光谱', options: [modeOption, angle] });
    const theirs = await fill((await template(buyer.token, other.rid)).rawPayload, [row(1)]);
    expect(await importSheet(buyer.token, item.rid, theirs)).toMatchObject({ status: 400, msg: `该文件是其他项目的样品导入模板，请下载「${item.name}」的模板填写后上传` });

    const book = new ExcelJS.Workbook();
    book.addWorksheet('Sheet1').addRows([['交易日期', '收入金额'], ['2026-03-01', 100]]);
    const foreign = Buffer.from(await book.xlsx.writeBuffer());
    expect((await importSheet(buyer.token, item.rid, foreign)).msg).toMatch(/^该文件不是「.+」的样品导入模板，请下载最新模板填写后上传（第1行应为：样品名称、数量、样品形态、/);

    const csv = Buffer.from('样品名称,数量\nA,1\n');
    expect(await importSheet(buyer.token, item.rid, csv)).toMatchObject({ status: 400, msg: '仅支持 XLSX 文件' });
    // this item's own template, downloaded before one of its options was added: refused as out of date
    await t.db.update(serviceItems).set({ options: [modeOption, angle, { id: 3, name: '扫描速度', choices: [{ id: 31, label: '4°/min', priceFen: 0 }] }] }).where(eq(serviceItems.id, item.id));
    expect((await importSheet(buyer.token, item.rid, await fill(blank, [row(1)]))).msg).toContain('请下载最新模板填写后上传（第1行应为：样品名称、数量、样品形态、危险性说明、有磁性、需要退样、测试模式、衍射角范围、扫描速度）');
    expect(await planCount(buyer.member.id)).toBe(0);
  });
});
