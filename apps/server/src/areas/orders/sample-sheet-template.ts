import ExcelJS from 'exceljs';
import { SAMPLE_FORMS, SAMPLE_SHEET_COLUMNS, SAMPLE_SHEET_MAX_ROWS, SHEET_NO, SHEET_YES, sampleFormLabels, type PricedOption } from '@lab/contract';

/**
 * 样品导入表's template for one test item (decisions/0054): the sheet 样品 with its header row —
 * the order form's sample fields, then one column per option of the item — and, on rows 2 to 501,
 * drop-down lists of the allowed values, drawn from the hidden sheet 可选值 (a list written in the
 * validation itself breaks on a comma and stops at 255 characters). 可选值's first cell names the
 * item, so a sheet filled for another item is told apart (sample-sheet-read.ts).
 */

export const SAMPLES_SHEET = '样品';
export const VALUES_SHEET = '可选值';
/** 可选值!A1: this text, then the item's rid */
export const TEMPLATE_MARK = '样品导入表 ';

export interface SheetItem {
  rid: string;
  name: string;
  options: PricedOption[];
}

/** the template's header row: the sample columns, then the item's options by name */
export const sheetHeaders = (item: Pick<SheetItem, 'options'>) => [...SAMPLE_SHEET_COLUMNS, ...item.options.map((o) => o.name)];

const columnLetter = (n: number): string => (n <= 26 ? String.fromCharCode(64 + n) : columnLetter(Math.floor((n - 1) / 26)) + String.fromCharCode(65 + ((n - 1) % 26)));

export async function sampleSheetTemplate(item: SheetItem): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = '科研检测服务商城';
  book.title = `${item.name} 样品导入表`;
  const sheet = book.addWorksheet(SAMPLES_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  const values = book.addWorksheet(VALUES_SHEET, { state: 'hidden' });

  // 可选值: A1 the mark; from row 2 one list per column: 样品形态, 是/否, then each option's choices
  const lists: string[][] = [SAMPLE_FORMS.map((f) => sampleFormLabels[f]), [SHEET_YES, SHEET_NO], ...item.options.map((o) => o.choices.map((c) => c.label))];
  values.getCell('A1').value = `${TEMPLATE_MARK}${item.rid}`;
  lists.forEach((list, i) => list.forEach((label, r) => (values.getCell(r + 2, i + 1).value = label)));
  const listRange = (i: number) => `'${VALUES_SHEET}'!$${columnLetter(i + 1)}$2:$${columnLetter(i + 1)}$${lists[i]!.length + 1}`;

  const headers = sheetHeaders(item);
  const head = sheet.addRow(headers);
  head.font = { bold: true };
  head.eachCell((cell) => (cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFF4FB' } }));
  sheet.getCell(1, 1).note = `每行一个样品，第2行起填写，最多${SAMPLE_SHEET_MAX_ROWS}行；带下拉的列请从列表中选择`;
  headers.forEach((header, i) => (sheet.getColumn(i + 1).width = i === 0 ? 24 : i === 3 ? 20 : Math.max(10, [...header].length * 2 + 4)));

  const pick = (list: number, title: string): ExcelJS.DataValidation => ({
    type: 'list',
    allowBlank: true,
    formulae: [listRange(list)],
    showErrorMessage: true,
    errorTitle: title,
    error: '请从下拉列表中选择',
  });
  // columns of lists: 样品形态 (3), 有磁性 (5), 需要退样 (6), then the options from 7
  const listColumns: Array<[column: number, list: number]> = [
    [3, 0],
    [5, 1],
    [6, 1],
    ...item.options.map((_, i): [number, number] => [SAMPLE_SHEET_COLUMNS.length + i + 1, i + 2]),
  ];
  const countRule: ExcelJS.DataValidation = { type: 'whole', operator: 'between', allowBlank: true, formulae: [1, 999], showErrorMessage: true, errorTitle: '数量', error: '请填写 1–999 的整数' };
  for (let row = 2; row <= SAMPLE_SHEET_MAX_ROWS + 1; row++) {
    sheet.getCell(row, 2).dataValidation = countRule;
    for (const [column, list] of listColumns) sheet.getCell(row, column).dataValidation = pick(list, headers[column - 1]!);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
