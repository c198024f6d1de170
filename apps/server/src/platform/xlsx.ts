import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { labTime } from '@lab/contract';

/**
 * The one way to answer a spreadsheet (docs/backoffice.md): one sheet, bold Chinese headers,
 * money as numbers in yuan with two decimals (so Excel can sum them), times in Shanghai.
 * Every area's export builds its rows and calls `workbook`, then `sendXlsx`.
 */

type Cell = string | number | null;

/** The most rows one export answers (a filter narrows a bigger table first). */
export const EXPORT_MAX_ROWS = 50_000;

export async function workbook(sheetName: string, headers: readonly string[], rows: Cell[][], options: { widths: number[]; money: number[]; caption?: string }): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = '科研检测服务商城';
  const sheet = book.addWorksheet(sheetName);
  if (options.caption) sheet.addRow([options.caption]).font = { bold: true };
  sheet.addRow([...headers]).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  options.widths.forEach((width, i) => (sheet.getColumn(i + 1).width = width));
  for (const column of options.money) sheet.getColumn(column).numFmt = '#,##0.00';
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A money cell: fen → yuan as a number. */
export const yuan = (fen: number | null) => (fen === null ? null : fen / 100);
/** A time cell: Shanghai wall time 'YYYY-MM-DD HH:mm:ss', empty when there is none. */
export const time = (iso: string | null) => (iso ? labTime(new Date(iso)) : '');

/** Answers an xlsx download; the Chinese name in filename*, an ASCII one for old clients. */
export function sendXlsx(reply: FastifyReply, body: Buffer, asciiName: string, chineseName: string) {
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${asciiName}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${chineseName}.xlsx`)}`)
    .send(body);
}
