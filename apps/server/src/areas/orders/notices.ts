import { RETEST_WINDOW_DAYS } from '@lab/contract';

/**
 * The wording of what a member is told when their order moves (PRODUCT.md "Order lifecycle":
 * a manager calls within 2 hours of sample arrival, the data notice goes out as soon as the
 * data is delivered — SMS, e-mail and in-site message). One place, so the timeline, the
 * in-site message and the SMS say the same thing.
 */
export type ProgressNoticeKind = 'confirmed' | 'received' | 'testing' | 'retest' | 'delivered' | 'completed' | 'cancelled' | 'disputed';

export interface ProgressNotice {
  /** the outbox template (SMS and e-mail) */
  template: string;
  /** in-site message title and e-mail subject */
  title: string;
  /** in-site message, e-mail body and SMS text (the SMS adds the 【科研检测】 signature) */
  content: string;
  params: Record<string, string>;
}

export interface NoticeContext {
  orderNo: string;
  /** the order's lines, for the message */
  title: string;
  /** staff cancel: the reason */
  reason?: string;
  /** delivered while pay-after-test and not yet paid: the order waits for settlement */
  unsettled?: boolean;
  /** how the sample reaches the lab (the member sends it, or a pickup was booked), for the confirmation */
  delivery?: 'self' | 'pickup';
  /** an instrument booking (上门预约) has no sample to send: the member comes to the lab */
  kind?: 'test' | 'reservation' | 'service';
}

/** What the member does next once the lab confirmed: only what applies to this order. */
function confirmedNext(ctx: NoticeContext): string {
  if (ctx.kind === 'reservation') return '请按预约时间到实验室上机测试。';
  if (ctx.delivery === 'pickup') return '取样员将按预约时间上门取样，请备好样品。';
  return '请按订单详情中的实验室地址寄送样品。';
}

/** The site path of the order a notice points to. */
export const orderLink = (orderNo: string) => `/member/order/${orderNo}`;

export function progressNotice(kind: ProgressNoticeKind, ctx: NoticeContext): ProgressNotice {
  const no = ctx.orderNo;
  const params = { orderNo: no };
  switch (kind) {
    case 'confirmed':
      return {
        template: 'order_confirmed',
        title: '订单已确认',
        content: `您的${ctx.kind === 'reservation' ? '预约' : '订单'}${no}（${ctx.title}）已确认，${confirmedNext(ctx)}`,
        params,
      };
    case 'received':
      return {
        template: 'order_sample_received',
        title: '样品已签收',
        content: `您的订单${no}的样品已签收，客户经理将在2小时内与您电话联系，确认测试细节。`,
        params,
      };
    case 'testing':
      return {
        template: 'order_testing',
        title: '样品测试中',
        content: `您的订单${no}已开始测试，数据产出后我们将第一时间通知您。`,
        params,
      };
    case 'retest':
      return {
        template: 'order_retest',
        title: '复测已安排',
        content: `您的订单${no}已安排复测，复测数据产出后我们将第一时间通知您。`,
        params,
      };
    case 'delivered':
      return {
        template: 'order_data_delivered',
        title: '数据已交付',
        content:
          `您的订单${no}的测试数据已交付，请登录平台在订单详情中下载报告；如对数据有疑问，可在${RETEST_WINDOW_DAYS}天内申请复测。` +
          (ctx.unsettled ? '本订单为测试后结算，请在「待结算」中完成结算。' : ''),
        params,
      };
    case 'completed':
      return {
        template: 'order_completed',
        title: '订单已完成',
        content: `您的订单${no}已完成，感谢您的信任，欢迎对本次服务进行评价。`,
        params,
      };
    case 'cancelled':
      return {
        template: 'order_cancelled',
        title: '订单已取消',
        content: `实验室已取消您的订单${no}${ctx.reason ? `，原因：${ctx.reason}` : ''}；如已支付，款项已退回预存款账户。`,
        params,
      };
    case 'disputed':
      return {
        template: 'order_disputed',
        title: '复测申请已提交',
        content: `我们已收到您对订单${no}的复测申请，实验室将在1个工作日内与您联系。`,
        params,
      };
  }
}
