import { createRequire } from 'node:module';
import type * as JiebaModule from '@node-rs/jieba';
import type { Jieba } from '@node-rs/jieba';
import { labWords } from './search-lab-words';

/**
 * Words, not substrings (decisions/0044-search-words.md): text is folded (full-width to
 * half-width, case, control characters away), Latin and digit runs are split from Chinese
 * (`SEM测试` → sem + 测试), and the Chinese runs are cut into words by jieba with the lab's own
 * dictionary (search-lab-words.ts). Items store their words (cut for search: a long word and
 * the shorter words inside it) in arrays with a GIN index; a query is cut exactly once.
 */

/** Bump when the cutting changes (the dictionary, the folding): items are cut again at start. */
export const SEARCH_WORDS_VERSION = 1;

/** Words that say little on their own (测试, 分析 …): they never exclude an item, they only add a little. */
export const weakWords = new Set(['测试', '分析', '检测', '测定', '测量', '表征', '仪', '仪器', '服务', '项目', '实验', '送样', '样品', '的', '和', '与', '及', '做', '测']);

/** The words of a query that ask for data analysis or instrument time rather than a sample test. */
export const analysisIntent = new Set(['分析', '拟合', '分峰', '分峰拟合', '精修', '解析', '谱图解析', '计算', '模拟', '仿真', '绘图', '科研绘图', '数据处理', '处理']);
export const bookingIntent = new Set(['机时', '上机', '自主上机', '预约', '上门预约']);

let segmenter: Jieba | undefined;

/** jieba with its own dictionary and the lab's, loaded on first use (about 0.2 s, once per process). */
function jieba(): Jieba {
  if (!segmenter) {
    // the dictionary module is CommonJS reading its file beside itself: required, not bundled
    const require = createRequire(import.meta.url);
    const { Jieba: JiebaClass } = require('@node-rs/jieba') as typeof JiebaModule;
    const { dict } = require('@node-rs/jieba/dict.js') as { dict: Uint8Array };
    const made = JiebaClass.withDict(dict);
    made.loadDict(Buffer.from(labWords.map((w) => `${w} 100000 n`).join('\n')));
    segmenter = made;
  }
  return segmenter;
}

/**
 * Folds text for search: NFKC (full-width letters, digits and punctuation to half-width, ①
 * to 1), lower case, control and format characters to spaces.
 */
export const foldText = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}]/gu, ' ');

/** A run of Latin letters and digits, a run of Chinese, or anything else (a separator). */
const runPattern = /([a-z0-9]+)|([\p{Script=Han}]+)/gu;

export interface TextRun {
  text: string;
  latin: boolean;
}

/** The runs of folded text: Latin/digit runs and Chinese runs; punctuation and spaces separate. */
export function textRuns(folded: string): TextRun[] {
  const runs: TextRun[] = [];
  for (const match of folded.matchAll(runPattern)) runs.push({ text: match[0], latin: match[1] !== undefined });
  return runs;
}

/**
 * Cuts a Chinese run into words (the dictionary's best path), with neighbouring single
 * characters that are no word of their own joined again (价态 → 价 + 态 → 价态): the same on
 * both sides, so a word the dictionary does not know still meets itself, never its scattered
 * characters.
 */
export function cutRun(run: string): string[] {
  const out: string[] = [];
  let single = '';
  for (const word of jieba().cut(run, false)) {
    if (!word.trim()) continue;
    if ([...word].length === 1 && !weakWords.has(word)) {
      single += word;
      continue;
    }
    if (single) out.push(single);
    single = '';
    out.push(word);
  }
  if (single) out.push(single);
  return out;
}

/** The words of a piece of text as a query holds them: Latin runs whole, Chinese runs cut. */
export function queryWords(text: string): string[] {
  return textRuns(foldText(text)).flatMap((run) => (run.latin ? [run.text] : cutRun(run.text)));
}

/**
 * The words an item's text is found by: every Latin run, and every Chinese run cut, plus every
 * dictionary word inside it (场发射扫描电镜 → 扫描电镜, 扫描, 电镜, 发射 …), so a query's
 * shorter word finds the longer one.
 */
export function indexWords(...texts: (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const run of textRuns(foldText(text))) {
      if (run.latin) {
        words.add(run.text);
        continue;
      }
      for (const word of cutRun(run.text)) words.add(word);
      for (const word of jieba().cutAll(run.text)) if ([...word].length > 1) words.add(word);
    }
  }
  return [...words];
}
