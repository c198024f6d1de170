// Plain values the public pages show, apart from the schemas: a page importing only these
// (through '@lab/contract/display') loads without zod.

/** Service types (spec header): 1 送样检测, 2 上门预约, 3 数据分析. */
export const serviceTypeLabels: Record<number, string> = { 1: '送样检测', 2: '上门预约', 3: '数据分析' };

/** The orders the service list can be sorted in (GET /api/open/web/device/search `sort`). */
export const deviceSortValues = ['default', 'hot', 'priceAsc', 'priceDesc', 'newest'] as const;

/** Money is integer fen everywhere; this formats it the way the site shows it: ¥1,234.50 */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  const yuan = Math.floor(abs / 100).toLocaleString('en-US');
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}¥${yuan}.${cents}`;
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const BIG_UNITS = ['', '万', '亿', '万亿'];

/**
 * An amount in fen written out in capitals (人民币大写) the way Chinese finance papers want it:
 * 123456 → 壹仟贰佰叁拾肆元伍角陆分, 100000 → 壹仟元整, 1005 → 壹拾元零伍分, 0 → 零元整.
 */
export function fenInWords(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError('amount must be whole fen');
  const sign = fen < 0 ? '负' : '';
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100);
  const jiao = Math.floor(abs / 10) % 10;
  const fenPart = abs % 10;
  let text = '';
  if (yuan === 0) {
    text = jiao === 0 && fenPart === 0 ? '零元' : '';
  } else {
    const groups: number[] = [];
    for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10000)) groups.push(rest % 10000);
    let zeroPending = false;
    for (let g = groups.length - 1; g >= 0; g--) {
      const group = groups[g]!;
      if (group === 0) {
        zeroPending = text !== '';
        continue;
      }
      if (text !== '' && (zeroPending || group < 1000)) text += '零';
      zeroPending = false;
      let groupText = '';
      let zero = false;
      for (let d = 3; d >= 0; d--) {
        const digit = Math.floor(group / 10 ** d) % 10;
        if (digit === 0) {
          zero = groupText !== '';
          continue;
        }
        if (zero) groupText += '零';
        zero = false;
        groupText += DIGITS[digit]! + SMALL_UNITS[d]!;
      }
      text += groupText + BIG_UNITS[g]!;
    }
    text += '元';
  }
  if (jiao === 0 && fenPart === 0) return `${sign}${text}整`;
  if (jiao !== 0) text += `${DIGITS[jiao]}角`;
  else if (yuan !== 0) text += '零';
  if (fenPart !== 0) text += `${DIGITS[fenPart]}分`;
  return sign + text;
}
