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
