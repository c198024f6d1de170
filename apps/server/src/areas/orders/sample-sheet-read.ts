import ExcelJS from 'exceljs';
import {
  SAMPLE_FORMS,
  SAMPLE_SHEET_COLUMNS,
  SAMPLE_SHEET_MAX_ROWS,
  SHEET_NO,
  SHEET_PROBLEMS_SHOWN,
  SHEET_YES,
  orderSampleSchema,
  sampleFormLabels,
  type ImportedSample,
  type SampleForm,
  type SampleSheetProblem,
  type SampleSheetRefusal,
} from '@lab/contract';
import { AppError, badRequest } from '../../platform/errors';
import { SAMPLES_SHEET, TEMPLATE_MARK, VALUES_SHEET, sheetHeaders, type SheetItem } from './sample-sheet-template';

/**
 * Reads a filled 样品导入表 (decisions/0054): it must be this item's template (its mark, else its
 * header row), hold 1–500 sample rows (blank rows are skipped), and every row must be right —
 * each problem is named by its row as Excel numbers it and its column
 * (第37行「衍射角范围」不是可选值). One problem anywhere refuses the whole sheet (400, the problems in
 * `data`): nothing is imported half.
 */

export interface SheetRow {
  /** the row as Excel numbers it */
  row: number;
  sample: ImportedSample;
  /** `{ "<optionId>": <choiceId> }` as tempDevice/add takes them */
  choices: Record<string, number>;
}

const formByLabel = new Map<string, SampleForm>(SAMPLE_FORMS.map((f) => [sampleFormLabels[f], f]));
const sampleColumn: Record<string, string> = { name: '样品名称', count: '数量', form: '样品形态', hazards: '危险性说明', magnetic: '有磁性', returnWanted: '需要退样' };

/** A cell as the text a person sees: numbers as typed, rich text joined, a formula's result, a link's text. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value).trim();
}

const wrongTemplate = (item: SheetItem) =>
  badRequest(`该文件不是「${item.name}」的样品导入模板，请下载最新模板填写后上传（第1行应为：${sheetHeaders(item).join('、')}）`);

/** The sheet of samples, once it is known to be this item's template. */
async function templateSheet(buffer: Buffer, item: SheetItem): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw badRequest('无法读取该 xlsx 文件，请用 Excel 或 WPS 另存为 xlsx 后重新上传');
  }
  const mark = cellText(book.getWorksheet(VALUES_SHEET)?.getCell('A1').value ?? null);
  if (mark.startsWith(TEMPLATE_MARK) && mark.slice(TEMPLATE_MARK.length) !== item.rid) {
    throw badRequest(`该文件是其他项目的样品导入模板，请下载「${item.name}」的模板填写后上传`);
  }
  const sheet = book.getWorksheet(SAMPLES_SHEET) ?? book.worksheets.find((s) => s.state === 'visible');
  if (!sheet) throw wrongTemplate(item);
  const expected = sheetHeaders(item);
  const head = sheet.getRow(1);
  const found = expected.map((_, i) => cellText(head.getCell(i + 1).value));
  const extra = cellText(head.getCell(expected.length + 1).value);
  if (found.some((text, i) => text !== expected[i]) || extra !== '') throw wrongTemplate(item);
  return sheet;
}

/** 是 / 否 / blank (否) */
function yesNo(text: string): boolean | null {
  if (text === '' || text === SHEET_NO) return false;
  if (text === SHEET_YES) return true;
  return null;
}

/** One row read into a sample and choices, or its problems. */
function readRow(texts: string[], row: number, item: SheetItem, problems: SampleSheetProblem[]): SheetRow | null {
  const say = (column: string, message: string) => problems.push({ row, column, message: `第${row}行「${column}」${message}` });
  const before = problems.length;
  const [name = '', count = '', formText = '', hazards = '', magneticText = '', returnText = ''] = texts;
  const form = formByLabel.get(formText);
  if (formText === '') say('样品形态', '不能为空');
  else if (!form) say('样品形态', `不是可选值（${[...formByLabel.keys()].join('、')}）`);
  const magnetic = yesNo(magneticText);
  if (magnetic === null) say('有磁性', `不是可选值（${SHEET_YES} 或 ${SHEET_NO}）`);
  const returnWanted = yesNo(returnText);
  if (returnWanted === null) say('需要退样', `不是可选值（${SHEET_YES} 或 ${SHEET_NO}）`);
  // name, count and hazards as the order form checks them (the contract's orderSampleSchema)
  const parsed = orderSampleSchema.safeParse({ name, count: count === '' ? undefined : count, form: form ?? 'other', hazards, magnetic: false, returnWanted: false });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = sampleColumn[String(issue.path[0])] ?? '样品信息';
      const text = issue.message.replace(/^\[[^\]]+\]/, '');
      say(column, text === issue.message ? `：${text}` : text);
    }
  }
  const choices: Record<string, number> = {};
  item.options.forEach((option, i) => {
    const text = texts[SAMPLE_SHEET_COLUMNS.length + i] ?? '';
    const choice = text === '' && option.choices.length === 1 ? option.choices[0] : option.choices.find((c) => c.label === text);
    if (text === '' && !choice) say(option.name, '不能为空');
    else if (!choice) say(option.name, '不是可选值');
    else choices[String(option.id)] = choice.id;
  });
  if (problems.length > before || !parsed.success || !form || magnetic === null || returnWanted === null) return null;
  const sample = parsed.data;
  return { row, sample: { name: sample.name, count: sample.count, form, hazards: sample.hazards ?? '', magnetic, returnWanted }, choices };
}

const refusal = (problems: SampleSheetProblem[]) => {
  const data: SampleSheetRefusal = { problems: problems.slice(0, SHEET_PROBLEMS_SHOWN), total: problems.length };
  const first = problems[0]!.message;
  return new AppError('SHEET_INVALID', problems.length === 1 ? `${first}，未导入任何样品` : `${first}等${problems.length}处问题，未导入任何样品`, { status: 400, data });
};

/** The filled sheet's rows, every one of them right; otherwise a refusal naming each problem. */
export async function readSampleSheet(buffer: Buffer, item: SheetItem): Promise<SheetRow[]> {
  const sheet = await templateSheet(buffer, item);
  const width = SAMPLE_SHEET_COLUMNS.length + item.options.length;
  const filled: Array<{ row: number; texts: string[] }> = [];
  const last = sheet.rowCount;
  for (let n = 2; n <= last; n++) {
    const source = sheet.getRow(n);
    const texts = Array.from({ length: width }, (_, i) => cellText(source.getCell(i + 1).value));
    if (texts.some((text) => text !== '')) filled.push({ row: n, texts });
    if (filled.length > SAMPLE_SHEET_MAX_ROWS) {
      const more = filled.length + countFilled(sheet, n + 1, last, width);
      throw badRequest(`一次最多导入${SAMPLE_SHEET_MAX_ROWS}个样品，表格中有${more}行，请分成多个表格导入`);
    }
  }
  if (filled.length === 0) throw badRequest('表格中没有样品，请从第2行起每行填写一个样品');
  const problems: SampleSheetProblem[] = [];
  const rows = filled.map(({ row, texts }) => readRow(texts, row, item, problems));
  if (problems.length > 0) throw refusal(problems);
  return rows as SheetRow[];
}

function countFilled(sheet: ExcelJS.Worksheet, from: number, to: number, width: number): number {
  let n = 0;
  for (let r = from; r <= to; r++) {
    const source = sheet.getRow(r);
    if (Array.from({ length: width }, (_, i) => cellText(source.getCell(i + 1).value)).some((t) => t !== '')) n++;
  }
  return n;
}
