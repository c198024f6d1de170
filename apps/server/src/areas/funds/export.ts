import ExcelJS from 'exceljs';
import { BALANCE_EXPORT_HEADERS, fenToYuan, labTime, type LedgerEntry } from '@lab/contract';

/** Shanghai wall time 'YYYY-MM-DD HH:mm:ss' */
export const shanghaiTime = (iso: string) => labTime(new Date(iso));

const rowOf = (e: LedgerEntry) => [shanghaiTime(e.createdAt), e.typeText, fenToYuan(e.amountFen), fenToYuan(e.balanceAfterFen), e.reference, e.note];

const csvCell = (value: string) => {
  // a leading = + - @ would be read as a formula by Excel
  const safe = /^[=+\-@]/.test(value) && !/^-\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** CSV with a UTF-8 BOM, so Excel shows the Chinese headers. */
export function historyCsv(entries: LedgerEntry[]): Buffer {
  const lines = [BALANCE_EXPORT_HEADERS.join(','), ...entries.map((e) => rowOf(e).map(csvCell).join(','))];
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n') + '\r\n', 'utf8')]);
}

export async function historyXlsx(entries: LedgerEntry[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = '科研检测服务商城';
  const sheet = book.addWorksheet('余额明细');
  sheet.columns = BALANCE_EXPORT_HEADERS.map((header, i) => ({ header, width: [20, 12, 14, 14, 36, 30][i] }));
  sheet.getRow(1).font = { bold: true };
  for (const e of entries) {
    const [time, type, , , reference, note] = rowOf(e);
    sheet.addRow([time, type, e.amountFen / 100, e.balanceAfterFen / 100, reference, note]);
  }
  sheet.getColumn(3).numFmt = '#,##0.00';
  sheet.getColumn(4).numFmt = '#,##0.00';
  return Buffer.from(await book.xlsx.writeBuffer());
}
