import { asc, eq } from 'drizzle-orm';
import { deliveryLabels, formatFen, labDay, sampleFormLabels, type ChosenOption, type OrderSample } from '@lab/contract';
import { builtinClauses, paymentTerms } from './agreement-clauses';
import type { DbOrTx } from '../../db/client';
import { itemsByIds } from '../catalog';
import { getSiteSettings } from '../content';
import { getFundsSettings } from '../funds';
import { orderLines } from './orders.tables';
import { type contracts } from './requirements.tables';
import type { OrderRow } from './order-core';
import { findAgreementVersion, memberContact } from '../accounts';

/**
 * The printable 委托检测服务协议 of one order: parties, the order's lines with their samples
 * and prices, the totals, the lab's standard clauses and signature blocks. Everything shown
 * is escaped (names of samples, notes, addresses are the member's own text); the page has
 * an A4 print style and a print button, and works saved to disk as well as opened online.
 */
export interface AgreementData {
  lab: { name: string; address: string; phone: string; email: string; express: string };
  member: { name: string; company: string; phone: string; email: string };
  order: Pick<OrderRow, 'orderNo' | 'createdAt' | 'contact' | 'phone' | 'delivery' | 'remark' | 'totalFen' | 'discountFen' | 'payLater' | 'organization'>;
  lines: {
    name: string;
    unit: string;
    count: number;
    options: ChosenOption[];
    unitPriceFen: number;
    amountFen: number;
    note: string;
    turnaround: string;
    samples: (OrderSample & { code: string })[];
  }[];
  contract: Pick<typeof contracts.$inferSelect, 'rid' | 'status' | 'signedAt' | 'createdAt'>;
  /** the 委托检测服务条款 in force when the order was placed (its clauses); null: the built-in clauses */
  terms: { version: number; effectiveDate: string; body: string } | null;
  printedAt: Date;
}

const LAB_FALLBACK = {
  address: '上海市徐汇区桂平路 680 号 科研检测中心',
  phone: '400-820-6688',
  email: 'service@labtest.cn',
};

/** `termsAt`: the instant whose 委托检测服务条款 in force is used (the order's placing for the printable page; signing online: now). */
export async function loadAgreement(db: DbOrTx, contract: AgreementData['contract'], order: OrderRow, now: Date, termsAt: Date = order.createdAt): Promise<AgreementData> {
  const [settings, funds, person, lines, terms] = await Promise.all([
    getSiteSettings(db),
    getFundsSettings(db),
    memberContact(db, order.memberId),
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.sort), asc(orderLines.id)),
    // the terms the member agreed to by placing the order: the version in force then
    findAgreementVersion(db, { kind: 'service', inForceAt: termsAt }),
  ]);
  const itemIds = [...new Set(lines.map((l) => l.itemId))];
  const items = await itemsByIds(db, itemIds);
  const turnaroundOf = new Map([...items].map(([id, item]) => [id, item.turnaround]));
  const local = settings.localInfo;
  return {
    lab: {
      name: funds.bank.accountName,
      address: local.address || LAB_FALLBACK.address,
      phone: local.phone || LAB_FALLBACK.phone,
      email: local.email || LAB_FALLBACK.email,
      express: local.express,
    },
    member: {
      name: person?.name || person?.nickname || '',
      company: person?.company ?? '',
      phone: person?.phone ?? '',
      email: person?.email ?? '',
    },
    order,
    lines: lines.map((l) => ({
      name: l.name,
      unit: l.unit,
      count: l.count,
      options: l.options,
      unitPriceFen: l.unitPriceFen,
      amountFen: l.amountFen,
      note: l.note,
      turnaround: turnaroundOf.get(l.itemId) ?? '',
      samples: l.samples,
    })),
    contract,
    terms: terms ? { version: terms.version, effectiveDate: labDay(terms.effectiveAt), body: terms.body } : null,
    printedAt: now,
  };
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };
/** HTML-escapes any text put into the page. */
export const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"'`]/g, (c) => escapes[c]!);

/** Asia/Shanghai date (and time) of an instant. */
function shanghai(at: Date, withTime = false): string {
  const iso = new Date(at.getTime() + 8 * 60 * 60 * 1000).toISOString();
  const [y, m, d] = [iso.slice(0, 4), iso.slice(5, 7), iso.slice(8, 10)];
  return withTime ? `${y}年${m}月${d}日 ${iso.slice(11, 16)}` : `${y}年${m}月${d}日`;
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;background:#eef2f7;color:#1f2937;font:14px/1.7 "PingFang SC","Microsoft YaHei","Noto Sans CJK SC","Source Han Sans SC",sans-serif}
.toolbar{position:sticky;top:0;z-index:1;display:flex;justify-content:space-between;align-items:center;gap:12px;padding:10px 24px;background:#fff;border-bottom:1px solid #dbe3ef}
.toolbar span{color:#4b5563}
.toolbar button{background:#0a58ca;color:#fff;border:0;border-radius:6px;padding:8px 22px;font-size:14px;cursor:pointer}
.toolbar button:hover{background:#084298}
.sheet{width:210mm;min-height:297mm;margin:20px auto;padding:18mm 18mm 20mm;background:#fff;box-shadow:0 2px 12px rgba(15,23,42,.12)}
h1{margin:0 0 4px;text-align:center;font-size:24px;letter-spacing:6px;color:#0a3a8c}
.sub{text-align:center;color:#6b7280;margin-bottom:18px;font-size:12px}
.no{display:flex;justify-content:space-between;font-size:13px;border-bottom:2px solid #0a58ca;padding-bottom:6px;margin-bottom:14px}
h2{font-size:15px;margin:18px 0 8px;color:#0a3a8c;border-left:4px solid #0a58ca;padding-left:8px}
table{width:100%;border-collapse:collapse;font-size:12.5px}
th,td{border:1px solid #cbd5e1;padding:5px 7px;vertical-align:top;text-align:left}
th{background:#f1f5fb;font-weight:600;white-space:nowrap}
td.num,th.num{text-align:right;white-space:nowrap}
.parties td{width:50%}
.parties b{display:inline-block;min-width:5.5em;color:#374151}
.samples{margin:4px 0 0;padding-left:1.2em;color:#4b5563;font-size:12px}
.tag{display:inline-block;margin-left:4px;padding:0 4px;border:1px solid #f59e0b;border-radius:3px;color:#b45309;font-size:11px}
.totals td{border:0;padding:2px 7px}
.totals{width:auto;margin-left:auto;margin-top:8px}
.totals .pay{font-size:15px;font-weight:700;color:#0a3a8c}
ol.clauses{padding-left:1.4em;margin:0}
ol.clauses li{margin:4px 0;text-align:justify}
.terms-ref{color:#4b5563}
.terms h2{margin:10px 0 2px;padding:0;border:0;font-size:14px;color:#1f2937;letter-spacing:0}
.terms p,.terms li{margin:2px 0;text-align:justify}
.terms ul{margin:2px 0;padding-left:1.4em}
.sign{display:flex;gap:24px;margin-top:26px}
.sign div{flex:1;border:1px solid #cbd5e1;border-radius:4px;padding:12px 14px;min-height:120px}
.sign p{margin:6px 0}
.line{display:inline-block;min-width:9em;border-bottom:1px solid #6b7280}
.foot{margin-top:18px;color:#6b7280;font-size:11.5px;text-align:center}
@page{size:A4;margin:14mm}
@media print{
  body{background:#fff}
  .toolbar{display:none}
  .sheet{width:auto;min-height:0;margin:0;padding:0;box-shadow:none}
  tr,.sign div{page-break-inside:avoid}
}
`;

const statusText = { to_sign: '待签署', signed: '已上传签署件，待确认', confirmed: '已生效' } as const;

/**
 * The clauses from the published 委托检测服务条款 (the version in force when the order was
 * placed: cleaned HTML from 协议管理), and this order's payment terms after them.
 */
const termsSection = (terms: NonNullable<AgreementData['terms']>, payment: string) =>
  `<p class="terms-ref">本协议条款适用平台公示的《委托检测服务条款》第 ${escapeHtml(terms.version)} 版（${escapeHtml(terms.effectiveDate)} 生效），全文如下；历史版本可在网站“委托检测服务条款”页面查阅。</p>
<div class="terms">${terms.body}</div>
<p><strong>本订单付款约定：</strong>${escapeHtml(payment)}</p>`;

/** The page itself; `nonce` marks the one inline script (the print button) for the response's CSP. */
export function renderAgreement(data: AgreementData, nonce: string): string {
  const e = escapeHtml;
  const { lab, member, order, lines } = data;
  const payable = order.totalFen - order.discountFen;
  const sampleTotal = lines.reduce((sum, l) => sum + l.samples.reduce((n, s) => n + s.count, 0), 0);
  const lineRows = lines
    .map((line, i) => {
      const options = line.options.map((o) => `${e(o.name)}：${e(o.label)}`).join('；');
      const samples = line.samples.length
        ? `<ul class="samples">${line.samples
            .map(
              (s) =>
                `<li>${e(s.code)} ${e(s.name)} × ${e(s.count)}（${e(sampleFormLabels[s.form] ?? s.form)}）${s.hazards ? `<span class="tag">危险性：${e(s.hazards)}</span>` : ''}${s.magnetic ? '<span class="tag">磁性</span>' : ''}${s.returnWanted ? '<span class="tag">需退样</span>' : ''}</li>`,
            )
            .join('')}</ul>`
        : '';
      return `<tr>
<td class="num">${i + 1}</td>
<td><strong>${e(line.name)}</strong>${options ? `<br><span>${options}</span>` : ''}${line.note ? `<br><span>备注：${e(line.note)}</span>` : ''}${samples}</td>
<td>${e(line.turnaround || '按项目约定')}</td>
<td class="num">${e(line.count)} ${e(line.unit)}</td>
<td class="num">${e(formatFen(line.unitPriceFen))}</td>
<td class="num">${e(formatFen(line.amountFen))}</td>
</tr>`;
    })
    .join('\n');

  const payment = paymentTerms(order);

  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>委托检测服务协议 ${e(order.orderNo)}</title>
<style>${CSS}</style>
</head>
<body>
<div class="toolbar"><span>委托检测服务协议 · 订单 ${e(order.orderNo)} · ${e(statusText[data.contract.status])}</span><button type="button" id="print">打印 / 另存为 PDF</button></div>
<main class="sheet">
<h1>委托检测服务协议</h1>
<div class="sub">请核对以下信息，打印并签字（盖章）后，将签署件拍照或扫描上传至“实验计划 › 合同协议”</div>
<div class="no"><span>订单编号：<strong>${e(order.orderNo)}</strong></span><span>协议编号：${e(data.contract.rid)}</span><span>下单日期：${e(shanghai(order.createdAt))}</span></div>

<h2>一、协议双方</h2>
<table class="parties"><tr>
<td><p><b>委托方（甲方）</b></p>
<p><b>姓名：</b>${e(member.name || order.contact)}</p>
<p><b>单位：</b>${e(member.company || '—')}</p>
<p><b>联系人：</b>${e(order.contact || member.name)}</p>
<p><b>联系电话：</b>${e(order.phone || member.phone)}</p>
${member.email ? `<p><b>电子邮箱：</b>${e(member.email)}</p>` : ''}</td>
<td><p><b>受托方（乙方）</b></p>
<p><b>名称：</b>${e(lab.name)}</p>
<p><b>地址：</b>${e(lab.address)}</p>
<p><b>客服电话：</b>${e(lab.phone)}</p>
<p><b>电子邮箱：</b>${e(lab.email)}</p>
<p><b>送样方式：</b>${e(deliveryLabels[order.delivery] ?? order.delivery)}</p></td>
</tr></table>

<h2>二、委托检测内容</h2>
<table>
<thead><tr><th class="num">序号</th><th>检测项目 / 测试条件 / 样品</th><th>检测周期</th><th class="num">数量</th><th class="num">单价</th><th class="num">金额</th></tr></thead>
<tbody>
${lineRows || '<tr><td colspan="6">（无检测项目）</td></tr>'}
</tbody>
</table>
<table class="totals">
<tr><td>项目数 / 样品数</td><td class="num">${e(lines.length)} 项 / ${e(sampleTotal)} 个</td></tr>
<tr><td>检测费用合计</td><td class="num">${e(formatFen(order.totalFen))}</td></tr>
${order.discountFen > 0 ? `<tr><td>优惠</td><td class="num">-${e(formatFen(order.discountFen))}</td></tr>` : ''}
<tr><td class="pay">应付金额</td><td class="num pay">${e(formatFen(payable))}</td></tr>
</table>
${order.remark ? `<p>订单备注：${e(order.remark)}</p>` : ''}

<h2>三、协议条款</h2>
${data.terms ? termsSection(data.terms, payment) : `<ol class="clauses">
${builtinClauses(lab.express || lab.address, payment).map(([head, text]) => `<li><strong>${e(head)}。</strong>${e(text)}</li>`).join('\n')}
</ol>`}

<div class="sign">
<div><p><strong>委托方（甲方）签字 / 盖章：</strong></p><p>&nbsp;</p><p>签字：<span class="line"></span></p><p>日期：<span class="line"></span></p></div>
<div><p><strong>受托方（乙方）盖章：</strong></p><p>${e(lab.name)}</p><p>经办人：<span class="line"></span></p><p>日期：<span class="line"></span></p></div>
</div>
<p class="foot">本协议由平台根据订单 ${e(order.orderNo)} 生成于 ${e(shanghai(data.printedAt, true))}（北京时间）${data.contract.signedAt ? `；甲方已于 ${e(shanghai(data.contract.signedAt, true))} 上传签署件` : ''}。</p>
</main>
<script nonce="${e(nonce)}">document.getElementById('print').addEventListener('click',function(){window.print()});</script>
</body>
</html>
`;
}

/** The response's own policy: nothing loads from anywhere; only the print script with its nonce runs. */
export const agreementCsp = (nonce: string) =>
  `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`;
