import ExcelJS from 'exceljs';
import { bankLayoutLabels, isCalendarDate, labInstant, type BankLayout } from '@lab/contract';
import { badRequest } from '../../platform/errors';

/**
 * Reading a bank's statement export (银行流水对账, decisions/0047): an xlsx or csv file (csv in
 * UTF-8 or, as Chinese banks often write it, GB18030), a header row somewhere in its first rows
 * (banks put the account and the period above it), then one row per transaction. The layout is
 * told by the header: each bank's column names, or the generic one. Rows without a date (totals,
 * notes) are skipped; a dated row whose amount cannot be read is refused with its row number.
 */

export interface StatementLine {
  bookedAt: Date;
  /** signed: + money in (a credit), − money out */
  amountFen: number;
  payer: string;
  payerAccount: string;
  remark: string;
  bankRef: string;
}

interface ColumnMap {
  layout: BankLayout;
  /** the column names that identify the layout (each: one of the alternatives) */
  date: string[];
  time?: string[];
  credit?: string[];
  debit?: string[];
  /** one signed amount column instead of credit and debit */
  signed?: string[];
  payer: string[];
  payerAccount?: string[];
  /** every one of these present is joined into the remark */
  remark: string[];
  bankRef?: string[];
}

/** Most specific first: a bank's own heads before the generic ones. */
const LAYOUTS: ColumnMap[] = [
  { layout: 'ccb', date: ['交易时间'], credit: ['贷方发生额(收入)'], debit: ['借方发生额(支取)'], payer: ['对方户名'], payerAccount: ['对方账号'], remark: ['摘要', '备注'], bankRef: ['账户明细编号-交易流水号', '交易流水号'] },
  { layout: 'cmb', date: ['交易日'], time: ['交易时间'], credit: ['贷方金额'], debit: ['借方金额'], payer: ['收/付方名称'], payerAccount: ['收/付方帐号', '收/付方账号'], remark: ['用途', '摘要', '业务摘要'], bankRef: ['流水号'] },
  { layout: 'boc', date: ['交易日期'], time: ['交易时间'], signed: ['交易金额'], payer: ['付款人名称'], payerAccount: ['付款人账号'], remark: ['用途', '附言', '摘要'], bankRef: ['交易流水号'] },
  { layout: 'icbc', date: ['交易时间'], credit: ['贷方发生额'], debit: ['借方发生额'], payer: ['对方单位名称', '对方户名'], payerAccount: ['对方账号'], remark: ['用途', '摘要', '附言', '个性化信息'], bankRef: ['凭证号', '交易流水号'] },
  { layout: 'generic', date: ['日期', '交易日期'], time: ['时间'], credit: ['收入金额', '收入'], debit: ['支出金额', '支出'], payer: ['付款人', '付款方', '对方户名'], payerAccount: ['付款账号', '对方账号'], remark: ['备注', '附言', '用途', '摘要'], bankRef: ['流水号'] },
];

/** The columns each layout needs, as the unknown-layout message names them. */
export function expectedColumns(): string {
  return LAYOUTS.map((m) => {
    const heads = [m.date[0], ...(m.signed ? [m.signed[0]] : [m.credit![0]]), m.payer[0], m.remark[0]];
    return `${bankLayoutLabels[m.layout]}（${heads.join('、')}）`;
  }).join('；');
}

type Cell = string | Date;
const HEADER_ROWS = 30;

/** A column head as compared: no spaces, full-width brackets and slashes as ASCII. */
const norm = (value: string) => value.replace(/[\s\u3000]/g, '').replace(/（/g, '(').replace(/）/g, ')').replace(/／/g, '/');

/** A cell's text: banks write `\t`, `'` or `="…"` before numbers so spreadsheets keep them as text. */
function text(value: Cell | undefined): string {
  if (value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  let s = value.replace(/^\uFEFF/, '').trim();
  const formula = /^="(.*)"$/.exec(s);
  if (formula) s = formula[1]!;
  return s.replace(/^'/, '').trim();
}

function findLayout(rows: Cell[][]): { map: ColumnMap; header: number; index: (names: string[] | undefined) => number } | null {
  for (let r = 0; r < Math.min(rows.length, HEADER_ROWS); r += 1) {
    const heads = rows[r]!.map((cell) => norm(text(cell)));
    const index = (names: string[] | undefined) => (names ? heads.findIndex((h) => names.some((name) => norm(name) === h)) : -1);
    for (const map of LAYOUTS) {
      const amounts = map.signed ? index(map.signed) >= 0 : index(map.credit) >= 0;
      if (index(map.date) >= 0 && amounts && index(map.payer) >= 0 && index(map.remark) >= 0) return { map, header: r, index };
    }
  }
  return null;
}

/** A bank amount ('1,234.50', '¥1,234.50', '-20.00', '') in fen; null when it is no amount. */
export function amountFen(raw: string): number | null {
  const s = raw.replace(/[,，\s¥￥]/g, '').replace(/元$/, '');
  if (s === '' || s === '-' || s === '--') return 0;
  if (!/^[+-]?\d+(\.\d{1,2})?$/.test(s)) return null;
  const [whole, part = ''] = s.replace(/^[+-]/, '').split('.');
  const fen = Number(whole) * 100 + Number(part.padEnd(2, '0'));
  return s.startsWith('-') ? -fen : fen;
}

/** The bank's date (and time) as a Shanghai instant; null when the cell holds no date. */
function instantOf(dateCell: Cell | undefined, timeCell: Cell | undefined): Date | null {
  let day: string;
  let time = '00:00:00';
  if (dateCell instanceof Date) {
    // a spreadsheet date is the bank's wall time, kept in UTC fields
    const iso = dateCell.toISOString();
    day = iso.slice(0, 10);
    time = iso.slice(11, 19);
  } else {
    const m = /^(\d{4})[-/.年]?(\d{1,2})[-/.月]?(\d{1,2})日?(?:[\sT]*(\d{1,2}):?(\d{2}):?(\d{2})?)?/.exec(text(dateCell));
    if (!m) return null;
    day = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
    if (m[4] !== undefined) time = `${m[4].padStart(2, '0')}:${m[5]}:${m[6] ?? '00'}`;
  }
  if (!isCalendarDate(day)) return null;
  if (timeCell !== undefined) {
    const t = timeCell instanceof Date ? timeCell.toISOString().slice(11, 19) : text(timeCell);
    const m = /^(\d{1,2}):?(\d{2}):?(\d{2})?$/.exec(t);
    if (m) time = `${m[1]!.padStart(2, '0')}:${m[2]}:${m[3] ?? '00'}`;
  }
  const at = labInstant(day, time);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Reads the rows of a layout into lines. */
export function linesOf(rows: Cell[][]): { layout: BankLayout; lines: StatementLine[] } {
  const found = findLayout(rows);
  if (!found) throw badRequest(`无法识别流水格式：未找到表头。支持的格式及必需的列：${expectedColumns()}`);
  const { map, header, index } = found;
  const col = {
    date: index(map.date),
    time: index(map.time),
    credit: index(map.credit),
    debit: index(map.debit),
    signed: index(map.signed),
    payer: index(map.payer),
    payerAccount: index(map.payerAccount),
    bankRef: index(map.bankRef),
    remarks: map.remark.map((name) => index([name])).filter((i) => i >= 0),
  };
  const at = (row: Cell[], i: number) => (i >= 0 ? row[i] : undefined);
  const lines: StatementLine[] = [];
  for (let r = header + 1; r < rows.length; r += 1) {
    const row = rows[r]!;
    const bookedAt = instantOf(at(row, col.date), at(row, col.time));
    if (!bookedAt) continue;
    let amount: number | null;
    if (col.signed >= 0) amount = amountFen(text(at(row, col.signed)));
    else {
      const credit = amountFen(text(at(row, col.credit)));
      const debit = col.debit >= 0 ? amountFen(text(at(row, col.debit))) : 0;
      amount = credit === null || debit === null ? null : credit !== 0 ? Math.abs(credit) : -Math.abs(debit);
    }
    if (amount === null) throw badRequest(`第${r + 1}行的金额无法识别，请检查文件`);
    if (amount === 0) continue;
    const remark = [...new Set(col.remarks.map((i) => text(at(row, i))).filter(Boolean))].join(' ');
    lines.push({ bookedAt, amountFen: amount, payer: text(at(row, col.payer)), payerAccount: text(at(row, col.payerAccount)), remark: remark.slice(0, 500), bankRef: text(at(row, col.bankRef)).slice(0, 100) });
  }
  return { layout: map.layout, lines };
}

/** CSV text (RFC 4180: quoted fields, "" inside quotes, CRLF or LF) into rows. */
export function csvRows(source: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The text of a csv file: UTF-8 (with or without BOM), else GB18030; null when it is neither. */
export function csvText(buffer: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    try {
      return new TextDecoder('gb18030', { fatal: true }).decode(buffer);
    } catch {
      return null;
    }
  }
}

async function xlsxRows(buffer: Buffer): Promise<Cell[][]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw badRequest('无法读取该 xlsx 文件，请重新从网银导出');
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, c) => {
      cells[c - 1] = cellValue(cell.value);
    });
    rows[n - 1] = Array.from(cells, (v) => v ?? '');
  });
  return Array.from(rows, (r) => r ?? []);
}

function cellValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

/** Reads an uploaded statement of the kind its content says. */
export async function readStatement(buffer: Buffer, kind: 'xlsx' | 'csv'): Promise<{ layout: BankLayout; lines: StatementLine[] }> {
  if (kind === 'xlsx') return linesOf(await xlsxRows(buffer));
  const source = csvText(buffer);
  if (source === null) throw badRequest('无法识别 csv 文件的编码，请以 UTF-8 或 GBK 保存');
  return linesOf(csvRows(source.replace(/^\uFEFF/, '')));
}
