import JSZip from 'jszip';
import { fromAlipayTime, yuanToFen } from './alipay-formats';
import type { BillLine } from './payment-gateway';

// ---------------------------------------------------------------------------------------------
// the bill: a zip of GBK CSV files, the detail one headed 支付宝交易号,商户订单号,业务类型,…
// ---------------------------------------------------------------------------------------------

const gbk = new TextDecoder('gbk');
const utf8 = new TextDecoder('utf-8');

/** one CSV line: fields split on commas outside double quotes ("" inside quotes is one quote) */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else {
      field += c;
    }
  }
  fields.push(field);
  // Alipay pads numbers with a tab so that spreadsheets keep them as text
  return fields.map((value) => value.trim());
}

/**
 * The payments (业务类型 交易) and refunds (退款) of Alipay's trade bill (业务明细). Columns are
 * found by their header, so added columns do not matter; the summary file (汇总) and the '#'
 * comment lines around the table are skipped. Refund amounts are negative in the bill.
 */
export async function readAlipayBill(zipBytes: Uint8Array): Promise<BillLine[]> {
  const zip = await JSZip.loadAsync(zipBytes, { decodeFileName: (bytes) => gbk.decode(Uint8Array.from(bytes as ArrayLike<number>)) });
  const lines: BillLine[] = [];
  let detailFound = false;
  for (const entry of Object.values(zip.files)) {
    if (entry.dir || !/\.csv$/i.test(entry.name)) continue;
    const bytes = await entry.async('uint8array');
    const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    const text = hasBom ? utf8.decode(bytes.subarray(3)) : gbk.decode(bytes);
    const rows = text.split(/\r?\n/).filter((line) => line.trim() && !line.startsWith('#'));
    const header = rows[0] ? csvFields(rows[0]) : [];
    const column = (name: string) => header.findIndex((title) => title.replace(/\(/g, '（').replace(/\)/g, '）') === name);
    const at = {
      tradeNo: column('支付宝交易号'),
      outTradeNo: column('商户订单号'),
      type: column('业务类型'),
      finished: column('完成时间'),
      created: column('创建时间'),
      amount: column('订单金额（元）'),
      requestNo: column('退款批次号/请求号'),
    };
    if (at.tradeNo < 0 || at.outTradeNo < 0 || at.type < 0 || at.amount < 0) continue;
    detailFound = true;
    for (const row of rows.slice(1)) {
      const fields = csvFields(row);
      const get = (index: number) => (index >= 0 ? (fields[index] ?? '') : '');
      const type = get(at.type);
      if (type !== '交易' && type !== '退款') continue;
      const when = fromAlipayTime(get(at.finished)) ?? fromAlipayTime(get(at.created));
      if (!when) throw new Error(`支付宝账单时间无效: ${row}`);
      const amountFen = Math.abs(yuanToFen(get(at.amount)));
      if (type === '交易') lines.push({ kind: 'payment', outTradeNo: get(at.outTradeNo), tradeNo: get(at.tradeNo), amountFen, at: when });
      else lines.push({ kind: 'refund', outTradeNo: get(at.outTradeNo), tradeNo: get(at.tradeNo), outRefundNo: get(at.requestNo) || undefined, amountFen, at: when });
    }
  }
  if (!detailFound) throw new Error('支付宝账单中没有业务明细文件');
  return lines;
}
