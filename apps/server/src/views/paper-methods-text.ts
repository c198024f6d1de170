import { citationCodeOf, type InstrumentWords, type OptionPhrase, type PaperMethods } from '@lab/contract';

/**
 * 论文方法与致谢 written from what the lab keeps (decisions/0058): per order line a methods
 * paragraph in Chinese and in English from the item's instrument words and the phrases of the
 * option values used, and one acknowledgement sentence. English is written only from English
 * fields (which refuse Chinese when saved), so it carries no Chinese; a value without a phrase
 * is named in Chinese only.
 */

export interface MethodsLine {
  name: string;
  /** the values used (confirmed) or ordered (draft), with their Chinese names */
  options: { optionId: number; choiceId: number; name: string; label: string }[];
  noteZh: string;
  noteEn: string;
  methods: { zh: InstrumentWords; en: InstrumentWords; facilityNo: string; phrases: OptionPhrase[] } | null;
}

export interface MethodsInput {
  orderNo: string;
  /** the lab's name (site identity), '' when not set */
  labName: string;
  lines: MethodsLine[];
  confirmed: { at: Date; creditZh: string; creditEn: string } | null;
}

const LAB_FALLBACK = { zh: '科研检测中心', en: 'the testing laboratory' };

const sentence = (text: string, stop: string) => {
  const t = text.trim();
  return !t ? '' : /[。.!?！？]$/.test(t) ? t : t + stop;
};
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const unique = (values: string[]) => [...new Set(values.filter(Boolean))];
const joinZh = (values: string[]) => values.join('、');
function joinEn(values: string[]): string {
  if (values.length <= 1) return values.join('');
  return `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;
}

function phrasesOf(line: MethodsLine) {
  const zh: string[] = [];
  const en: string[] = [];
  for (const o of line.options) {
    const phrase = line.methods?.phrases.find((p) => p.optionId === o.optionId && p.choiceId === o.choiceId);
    if (phrase) {
      if (phrase.zh) zh.push(phrase.zh);
      if (phrase.en) en.push(phrase.en);
    } else zh.push(`${o.name}：${o.label}`);
  }
  return { zh, en };
}

/** Latin words inside Chinese text get a space on a side that meets a Chinese character, none beside full-width punctuation. */
const latinIn = (text: string) => `${/^[\x21-\x7e]/.test(text) ? ' ' : ''}${text}${/[\x21-\x7e]$/.test(text) ? ' ' : ''}`;

function paragraphZh(line: MethodsLine, labZh: string): string {
  const { zh: phrases } = phrasesOf(line);
  const conditions = [line.methods?.zh.conditions ?? '', ...phrases, line.noteZh].map((t) => t.trim().replace(/[。；，]$/, '')).filter(Boolean);
  if (!line.methods) return [`${line.name}由${labZh}测试。`, sentence(conditions.join('，'), '。')].join('');
  const w = line.methods.zh;
  const maker = [w.country, w.manufacturer].filter(Boolean).join('');
  return [
    `${w.test}测试采用${maker ? `${maker}生产的` : ''}${latinIn([w.make, w.model].filter(Boolean).join(' '))}${w.make || w.model ? '型仪器' : '仪器'}进行。`.replace(/ {2,}/g, ' '),
    sentence(conditions.join('，'), '。'),
    w.software ? `数据采用${latinIn(w.software)}处理。` : '',
  ].join('');
}

function paragraphEn(line: MethodsLine, labEn: string): string {
  const { en: phrases } = phrasesOf(line);
  const note = line.noteEn.trim();
  if (!line.methods) return [`This test was performed by ${labEn}.`, ...phrases.map((p) => sentence(capital(p), '.')), note ? sentence(capital(note), '.') : ''].filter(Boolean).join(' ');
  const w = line.methods.en;
  const maker = [w.manufacturer, w.country].filter(Boolean).join(', ');
  return [
    `${capital(w.test)} was performed on a ${[w.make, w.model].filter(Boolean).join(' ')}${maker ? ` (${maker})` : ''}.`,
    w.conditions ? sentence(capital(w.conditions), '.') : '',
    phrases.length ? sentence(capital(phrases.join('; ')), '.') : '',
    note ? sentence(capital(note), '.') : '',
    w.software ? `Data were processed with ${w.software}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The text a member copies into a paper: paragraphs per line and the acknowledgement. */
export function writePaperMethods(input: MethodsInput): PaperMethods {
  const code = citationCodeOf(input.orderNo) ?? input.orderNo;
  const labZh = input.labName || LAB_FALLBACK.zh;
  const described = input.lines.flatMap((l) => (l.methods ? [l.methods] : []));
  const testsZh = unique(described.map((m) => m.zh.test));
  const testsEn = unique(described.map((m) => m.en.test.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())));
  const facilitiesZh = unique(described.map((m) => m.zh.facility));
  const facilitiesEn = unique(described.map((m) => m.en.facility));
  const numbers = unique(described.map((m) => m.facilityNo));
  const creditZh = input.confirmed?.creditZh ?? '';
  const creditEn = input.confirmed?.creditEn ?? '';
  const ackZh =
    `感谢${labZh}${facilitiesZh.length ? `（${joinZh(facilitiesZh)}）` : ''}提供${testsZh.length ? joinZh(testsZh) : '检测'}测试服务` +
    `${numbers.length ? `（仪器共享编号：${joinZh(numbers)}）` : ''}${creditZh ? `，感谢${creditZh}在测试中给予的帮助` : ''}（引用代码：${code}）。`;
  const ackEn =
    `The authors thank ${facilitiesEn.length ? joinEn(facilitiesEn) : LAB_FALLBACK.en} for the ${testsEn.length ? joinEn(testsEn) : 'testing'} measurements` +
    `${numbers.length ? ` (facility no. ${numbers.join(', ')})` : ''}${creditEn ? ` and ${creditEn} for technical assistance` : ''} (citation code: ${code}).`;
  return {
    orderNo: input.orderNo,
    draft: input.confirmed === null,
    confirmedAt: input.confirmed?.at.toISOString() ?? null,
    citationCode: code,
    tests: input.lines.map((line) => ({ name: line.name, zh: paragraphZh(line, labZh), en: paragraphEn(line, LAB_FALLBACK.en), described: line.methods !== null })),
    acknowledgement: { zh: ackZh, en: ackEn },
  };
}

/** The .txt: 草稿 on top until the lab confirmed the conditions, then each part under a heading. */
export function paperMethodsText(methods: PaperMethods): string {
  const out: string[] = [];
  if (methods.draft) out.push('【草稿】实验室尚未确认实际测试条件，以下文字按下单时所选条件生成，确认后请重新生成。', '');
  out.push(`论文方法与致谢 · 订单 ${methods.orderNo} · 引用代码 ${methods.citationCode}`, '');
  out.push('一、实验方法（中文）', '');
  methods.tests.forEach((t, i) => out.push(`${i + 1}. ${t.name}`, t.zh, ''));
  out.push('二、Methods (English)', '');
  methods.tests.forEach((t, i) => out.push(`${i + 1}. ${t.en}`, ''));
  out.push('三、致谢 / Acknowledgements', '', methods.acknowledgement.zh, '', methods.acknowledgement.en, '');
  return out.join('\r\n');
}
