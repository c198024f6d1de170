import { and, eq } from 'drizzle-orm';
import { formatFen, invoiceTypeLabels, isElectronicInvoice, isSpecialInvoice } from '@lab/contract';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { randomId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { memberContact } from '../accounts';
import { fullAddress, listAddresses } from '../member';
import { postMessage } from '../messages';
import { invoiceApplicationItems, invoiceApplications, invoiceTitles } from './funds.tables';
import { specialReady } from './invoice-titles';
import { onlineItems } from './online-invoices';

/** An order paid online with the invoice its member chose at checkout (发票需求, 发票抬头). */
export interface CheckoutInvoice {
  memberId: number;
  orderNo: string;
  /** 1–4 (0: none wanted) */
  type: number;
  titleId: number | null;
}

/** Why the invoice chosen at checkout could not be requested by itself; null when it can. */
function missing(type: number, title: typeof invoiceTitles.$inferSelect | undefined, email: string | null): string | null {
  if (!title) return '下单时未选择发票抬头（或抬头已删除）';
  if (isSpecialInvoice(type) && !specialReady(title)) return '所选抬头不能开具专用发票（须为单位抬头且税号、开户银行、银行账号、注册地址和电话齐全）';
  if (isElectronicInvoice(type) && !email) return '所选抬头和账户均没有接收邮箱';
  return null;
}

/**
 * The invoice chosen at checkout becomes the invoice request when the order's payment qualifies
 * (issue 31; decision 0059): the payments call this in the transaction that books an online
 * payment of orders (src/area-hooks.ts), once the payment is paid. The application covers the
 * order's online part, as one the member makes in 发票记录 (docs/payments.md "What finance
 * reconciles": the part paid from the balance came from top-ups, invoiced as such); an order
 * paid from the balance alone never gets here. The title is the one chosen at checkout, copied
 * in; an e-invoice goes to the title's e-mail, else the account's; a paper invoice to the
 * member's default address. When something is missing (no title, no e-mail, a title not ready
 * for a special invoice) nothing is requested and an in-site message says what to do. Money
 * already on a live application (the member applied by hand first) is left as it is.
 */
export async function requestCheckoutInvoices(tx: Tx, paid: CheckoutInvoice[], now: Date): Promise<void> {
  for (const order of paid) {
    if (order.type < 1 || order.type > 4) continue;
    // an order paid from the balance alone has no online part: onlineItems refuses it
    const items = await onlineItems(tx, order.memberId, [order.orderNo], []).catch((error: unknown) => {
      if (error instanceof AppError) return [];
      throw error;
    });
    if (!items.length) continue;
    const [title] = order.titleId
      ? await tx
          .select()
          .from(invoiceTitles)
          .where(and(eq(invoiceTitles.id, order.titleId), eq(invoiceTitles.memberId, order.memberId)))
          .limit(1)
      : [];
    const contact = isElectronicInvoice(order.type) && !title?.email ? await memberContact(tx, order.memberId) : null;
    const email = title?.email ?? contact?.email ?? null;
    const reason = missing(order.type, title, email);
    if (reason || !title) {
      await postMessage(
        tx,
        order.memberId,
        { title: `订单${order.orderNo}的发票待您申请`, content: `订单${order.orderNo}已支付，但${reason}，未能自动申请${invoiceTypeLabels[order.type]}。请在发票记录中申请开票。`, link: '/member/invoiceLs' },
        now,
      );
      continue;
    }
    const [address] = isElectronicInvoice(order.type) ? [] : await listAddresses(tx, order.memberId);
    const amountFen = items.reduce((sum, i) => sum + i.amountFen, 0);
    const requested = await tx.transaction(async (sp) => {
      const [application] = await sp
        .insert(invoiceApplications)
        .values({
          rid: randomId(),
          memberId: order.memberId,
          type: order.type,
          title: { kind: title.kind, title: title.title, tax_no: title.taxNo, bank: title.bank, bank_account: title.bankAccount, address: title.address, phone: title.phone, email: title.email },
          amountFen,
          email: isElectronicInvoice(order.type) ? email : null,
          receiver: address?.name ?? null,
          receiverPhone: address?.phone ?? null,
          receiverAddress: address ? fullAddress(address) : null,
          remark: `下单时选择的发票（订单${order.orderNo}）`,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: invoiceApplications.id });
      // the partial unique index refuses money already on a live application: the savepoint rolls back
      await sp.insert(invoiceApplicationItems).values(items.map((i) => ({ applicationId: application!.id, sourceKind: i.sourceKind, sourceRef: i.sourceRef, amountFen: i.amountFen })));
      return true;
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) return false;
      throw error;
    });
    if (requested)
      await postMessage(
        tx,
        order.memberId,
        { title: `订单${order.orderNo}已申请开票`, content: `已按下单时的选择申请${invoiceTypeLabels[order.type]}（${title.title}，${formatFen(amountFen)}），开具后可在发票记录中查看。`, link: `/member/order/${order.orderNo}` },
        now,
      );
  }
}
