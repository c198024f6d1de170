import sanitizeHtml from 'sanitize-html';
import { RETEST_WINDOW_DAYS, type AgreementClause } from '@lab/contract';
import type { OrderRow } from './order-core';

/**
 * The words of the 委托检测服务协议 both forms share (agreement.ts: the printable page; agreement-sign:
 * the text signed online and its sealed PDF): the order's payment terms, the built-in clauses (used
 * until 协议管理 publishes a 委托检测服务条款), and the published clauses as headings, paragraphs and list items.
 */
export function paymentTerms(order: Pick<OrderRow, 'organization' | 'payLater'>): string {
  if (order.organization === 2) return '委托方为企业客户，应在检测开始前全额支付本协议所列费用；受托方在确认款项到账后安排检测。';
  if (order.payLater) return '委托方已选择“测试后结算”，应在数据交付后按平台账单及时结清费用；逾期未结清的，受托方有权暂停该账户后续委托。';
  return '委托方通过平台预存款、科研团体预存款或优惠券支付本协议费用；受托方在收到样品并确认款项后安排检测，测试后结算须经受托方认可。';
}

/** The built-in clauses as [heading, text]; `sendTo` is where self-sent samples go. */
export function builtinClauses(sendTo: string, payment: string): [string, string][] {
  return [
    ['样品信息', '甲方应如实填写样品名称、数量、形态、成分及危险性（易燃、易爆、有毒、腐蚀、放射性、磁性等），并对所提供信息的真实性负责。因信息不实造成的检测失败、仪器损坏或人身伤害，由甲方承担相应责任。'],
    ['样品寄送与接收', `甲方自行寄样的，应按乙方要求包装并寄至：${sendTo}；选择上门取样的，按预约时间交接。乙方收样后核对样品并登记编号，样品与登记不符的，乙方将与甲方联系确认后再安排检测。`],
    ['样品处置', '检测多为消耗性或破坏性测试，乙方不保证样品完整退回。需退样的样品，乙方在订单全额付款后 48 小时内寄回（运费由甲方承担）；未要求退样的样品，乙方在数据交付后保存 30 天，期满按实验室废弃物规定处置。'],
    ['检测与数据交付', '乙方按约定的测试条件和通行的标准方法进行检测，在上表所列检测周期内（自样品接收并确认订单之日起计算，节假日顺延）通过平台交付原始数据及报告，并以短信、邮件及站内信通知甲方。因样品原因或不可抗力需要延期的，乙方应及时告知甲方。'],
    ['复测', `甲方自数据交付之日起 ${RETEST_WINDOW_DAYS} 日内可通过平台对数据提出异议并申请复测。经核实属乙方原因的，乙方免费复测；属样品本身或甲方指定条件原因的，复测按原价收费。逾期未提出异议的，视为甲方确认数据。`],
    ['保密', '乙方对甲方的样品、样品信息、检测数据及相关技术资料负有保密义务，未经甲方书面同意不向任何第三方披露，法律法规或有权机关另有要求的除外。甲方对乙方提供的报价与技术方案同样负有保密义务。'],
    ['费用与支付', `本协议费用以上表“应付金额”为准，金额以人民币计。${payment}订单取消时，已付款项原路退回至付款账户。`],
    ['数据使用', '检测数据仅供甲方科研使用。甲方在论文中使用乙方数据的，欢迎在致谢中注明乙方名称。乙方不对甲方基于数据所作的结论承担责任。'],
    ['责任限制', '因乙方过错导致检测结果错误或样品损毁的，乙方承担重新检测的责任，赔偿总额以本订单实收检测费用为限。'],
    ['争议解决', '因本协议引起的争议，双方应友好协商解决；协商不成的，任何一方可向乙方所在地有管辖权的人民法院提起诉讼。'],
    ['其他', '本协议自甲方在平台提交订单并勾选同意时成立，双方签字（盖章）的纸质或扫描件、在线签署并加盖乙方电子签章的电子版具有同等效力。本协议未尽事宜，以平台公示的服务规则为准。'],
  ];
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** Tags that start or end a block: a line of its own on either side, whatever the HTML puts next to them. */
const BLOCK = 'p|li|h[1-6]|div|ul|ol|tr|table|blockquote|section|article|header|footer|pre|hr';
/** private-use characters: nothing a text can hold marks where a heading or a list item starts */
const HEADING_START = '\uE000h\uE001';
const ITEM_START = '\uE000li\uE001';

/**
 * The published clauses (cleaned HTML from 协议管理) as blocks: a heading (h1–h6), a list item, or a
 * paragraph. Every block tag — opening or closing — ends the line before it, so a heading always
 * stands alone even when the HTML puts it straight after text outside a <p> (the seed's 八、责任限制
 * is a bare <strong> followed by <h2>九、争议解决</h2>).
 */
export function htmlBlocks(html: string): AgreementClause[] {
  const marked = html
    .replace(/<h[1-6][^>]*>/gi, `\n${HEADING_START}`)
    .replace(/<li[^>]*>/gi, `\n${ITEM_START}`)
    .replace(new RegExp(`</?(?:${BLOCK})(?:\\s[^>]*)?/?>|<br\\s*/?>`, 'gi'), '\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} }).replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (m) => entities[m] ?? m);
  const blocks: AgreementClause[] = [];
  // a heading or item whose text sits in a nested block (<li><p>…</p></li>) gives its kind to that text
  let pending: AgreementClause['kind'] | null = null;
  for (const raw of text.split('\n')) {
    const kind = raw.startsWith(HEADING_START) ? 'heading' : raw.startsWith(ITEM_START) ? 'item' : null;
    const line = raw.replaceAll(HEADING_START, '').replaceAll(ITEM_START, '').replace(/\s+/g, ' ').trim();
    if (line.length === 0) {
      pending = kind ?? pending;
      continue;
    }
    blocks.push({ kind: kind ?? pending ?? 'paragraph', text: line });
    pending = null;
  }
  return blocks;
}

/** The built-in clauses as blocks: each heading on its own line, its text under it. */
export const builtinBlocks = (clauses: [string, string][]): AgreementClause[] => clauses.flatMap(([head, text]) => [{ kind: 'heading' as const, text: head }, { kind: 'paragraph' as const, text }]);
