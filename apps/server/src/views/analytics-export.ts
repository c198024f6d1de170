import { analyticsChannelLabels, analyticsCustomerTypeLabels, analyticsTileLabels, type AnalyticsExportQuery } from '@lab/contract';
import type { DbOrTx } from '../db/client';
import { workbook, yuan } from '../platform/xlsx';
import { backlog, customers, promises, rangeOf, revenue, samplesPerWeek, turnaround, utilisation } from './analytics.service';

type Cell = string | number | null;
const percent = (rate: number | null) => (rate === null ? '' : `${(rate * 100).toFixed(1)}%`);

/** One tile's rows as the xlsx the tile's 导出 button downloads (the same figures the chart shows). */
export async function analyticsXlsx(db: DbOrTx, q: AnalyticsExportQuery, now: Date): Promise<Buffer> {
  const r = rangeOf(q);
  const caption = `${analyticsTileLabels[q.tile]}（${q.from} 至 ${q.to}）`;
  let heads: string[];
  let rows: Cell[][];
  let money: number[] = [];
  switch (q.tile) {
    case 'turnaround': {
      const t = await turnaround(db, q, r);
      heads = ['维度', '周（周一）/ 项目', '订单数', '中位数（小时）', 'P90（小时）'];
      rows = [...t.weeks.map((w) => ['按周', w.week, w.n, w.medianHours, w.p90Hours]), ...t.items.map((i) => ['按项目', i.name, i.n, i.medianHours, i.p90Hours])];
      break;
    }
    case 'promises': {
      heads = ['服务承诺', '按时完成', '超时完成', '未完成', '达成率'];
      rows = (await promises(db, q, r, now)).map((p) => [p.label, p.kept, p.late, p.missed, percent(p.rate)]);
      break;
    }
    case 'utilisation': {
      heads = ['仪器', '开放机时', '预约机时', '实际使用机时', '预约率', '使用率'];
      rows = (await utilisation(db, q, now)).map((u) => [u.name, u.openHours, u.bookedHours, u.usedHours, percent(u.bookedRate), percent(u.usedRate)]);
      break;
    }
    case 'samples': {
      heads = ['周（周一）', '仪器', '样品数'];
      rows = (await samplesPerWeek(db, q, r)).map((s) => [s.week, s.name, s.samples]);
      break;
    }
    case 'backlog': {
      heads = ['进度', '订单数', '样品数'];
      rows = (await backlog(db, q)).map((b) => [b.label, b.orders, b.samples]);
      break;
    }
    case 'revenue': {
      heads = ['渠道', '客户类型', '收款（元）', '退款（元）', '净收入（元）'];
      rows = (await revenue(db, q, r)).map((m) => [analyticsChannelLabels[m.channel], analyticsCustomerTypeLabels[m.customerType], yuan(m.paidFen), yuan(m.refundedFen), yuan(m.netFen)]);
      money = [3, 4, 5];
      break;
    }
    case 'customers': {
      heads = ['月份', '新客户', '回头客'];
      rows = (await customers(db, q, r)).map((c) => [c.month, c.newCustomers, c.returning]);
      break;
    }
  }
  return workbook(analyticsTileLabels[q.tile].replace(/[（）→]/g, ' ').trim().slice(0, 28), heads, rows, { caption, widths: heads.map((_, i) => (i === 0 ? 26 : 16)), money });
}
