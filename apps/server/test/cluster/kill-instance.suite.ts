import { describe, expect, it } from 'vitest';
import { BALANCE_TOO_LOW_MESSAGE, type OrderSummary } from '@lab/contract';
import { orders } from '../../src/db/schema';
import { ALREADY_PAID } from '../../src/areas/payments/payment.service';
import { fund, makeOrder, paymentCatalog } from '../../src/areas/payments/payment.test-helpers';
import { makeLoggedInMember } from '../factories';
import { ledgerProblems, paymentEntries, prestoreBalance } from '../ledger-invariants';
import { a, b, newClient, nginx, t } from './cluster-run';
import { api, request, type ApiReply } from './http-client';

/** kill -9 of one instance during a burst of payments: each booked once or refused, none lost. */
export function killDuringPayments() {
  describe('kill -9 of one instance during a burst of payments through nginx', () => {
    const PRICE = 300_00;
    const MEMBERS = 50;
    const ORDERS_EACH = 4;
    const FUNDED_ORDERS = 2;
    const CONCURRENCY = 100;

    interface Payment {
      token: string;
      from: string;
      memberId: number;
      orderNo: string;
      /** paid / refused for funds: answered for good; cut: 502 or a broken connection, asked again */
      outcome?: 'paid' | 'refused';
      /** answers of every try, for the failure message */
      answers: string[];
      cutAtKill?: boolean;
      sentAfterKill?: boolean;
      paidBeforeKill?: boolean;
    }

    it(`${MEMBERS * ORDERS_EACH} prepaid payments, ${CONCURRENCY} at a time; A dies part-way: each is booked once or refused, none lost`, async (context) => {
      const catalog = await paymentCatalog(t.db);
      const payments: Payment[] = [];
      for (let i = 0; i < MEMBERS; i += 1) {
        const who = await makeLoggedInMember(t.db);
        await fund(t, 'member', who.member.id, FUNDED_ORDERS * PRICE);
        const from = newClient();
        for (let n = 0; n < ORDERS_EACH; n += 1) {
          const order = await makeOrder(t, catalog, who.member.id, { amounts: [PRICE] });
          payments.push({ token: who.token, from, memberId: who.member.id, orderNo: order.orderNo, answers: [] });
        }
      }
      for (let i = payments.length - 1; i > 0; i -= 1) {
        const j = Math.floor(Math.random() * (i + 1));
        [payments[i], payments[j]] = [payments[j]!, payments[i]!];
      }

      let killed: Promise<unknown> | undefined;
      const pay = async (p: Payment) => {
        const sentAfterKill = Boolean(killed);
        let reply: ApiReply<OrderSummary> | undefined;
        try {
          reply = await api<OrderSummary>(nginx.origin, '/api/auth/order/pay', { token: p.token, from: p.from, form: { order_no: p.orderNo } });
        } catch (error) {
          p.answers.push(`connection: ${(error as Error).message}`);
        }
        if (reply) p.answers.push(`${reply.status} ${reply.msg}`);
        const retry = p.answers.length > 1;
        if (reply?.code === 1) p.outcome = 'paid';
        else if (reply?.status === 409 && reply.msg === BALANCE_TOO_LOW_MESSAGE) p.outcome = 'refused';
        else if (retry && reply?.status === 409 && reply.msg === ALREADY_PAID) {
          p.outcome = 'paid';
          p.paidBeforeKill = true;
        } else if (!reply || reply.status === 502) {
          // the instance died with the request inside it (nginx never passes a POST it sent on)
          if (sentAfterKill) p.sentAfterKill = true;
          else p.cutAtKill = true;
        } else throw new Error(`unexpected answer for ${p.orderNo}: ${p.answers.join(' | ')}\n${a.output()}\n${b.output()}`);
      };

      const started = Date.now();
      let next = 0;
      let answered = 0;
      const killAfter = Math.floor(payments.length * 0.3);
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < payments.length) {
            const p = payments[next++]!;
            await pay(p);
            if (p.outcome) answered += 1;
            if (answered >= killAfter && !killed) killed = a.kill9();
          }
        }),
      );
      await killed;
      const burstMs = Date.now() - started;
      expect(a.running).toBe(false);
      const cut = payments.filter((p) => !p.outcome);
      // the kill must have landed with payments inside instance A, or this proves nothing
      expect(payments.filter((p) => p.cutAtKill).length, 'payments cut by the kill').toBeGreaterThan(0);

      // the clients whose answer never came ask again, as a browser would: B answers
      for (const p of cut) await pay(p);
      const unanswered = payments.filter((p) => !p.outcome);
      expect(unanswered.map((p) => `${p.orderNo}: ${p.answers.join(' | ')}`)).toEqual([]);

      // every answer is true of the database: what the clients were told is paid is paid, once
      const rows = await t.db.select({ orderNo: orders.orderNo, payment: orders.payment }).from(orders);
      const paymentOf = new Map(rows.map((r) => [r.orderNo, r.payment]));
      for (const p of payments) {
        expect(paymentOf.get(p.orderNo), `${p.orderNo}: ${p.answers.join(' | ')}`).toBe(p.outcome === 'paid' ? 'paid' : 'unpaid');
        expect((await paymentEntries(t.db, p.orderNo)).map((e) => e.amount), p.orderNo).toEqual(p.outcome === 'paid' ? [-PRICE] : []);
      }
      // each member's money bought exactly the orders it covered: none lost, none spent twice
      for (const memberId of new Set(payments.map((p) => p.memberId))) {
        expect(payments.filter((p) => p.memberId === memberId && p.outcome === 'paid'), `member ${memberId}`).toHaveLength(FUNDED_ORDERS);
        expect(await prestoreBalance(t.db, memberId)).toBe(0);
      }
      expect(await ledgerProblems(t.db)).toEqual([]);
      // nginx sends everything to B now
      expect(JSON.parse((await request(`${nginx.origin}/api/ready`, { from: newClient() })).body.toString())).toMatchObject({ code: 1 });

      const count = (f: (p: Payment) => boolean | undefined) => payments.filter(f).length;
      context.annotate(
        `${payments.length} payments in ${burstMs} ms, ${CONCURRENCY} at a time, kill -9 of A after ${killAfter} answers: ` +
          `${count((p) => p.cutAtKill)} cut inside A (${count((p) => p.cutAtKill && p.paidBeforeKill)} had committed), ` +
          `${count((p) => p.sentAfterKill)} sent just after the SIGKILL on connections nginx still held to A (502 too); paid ${count((p) => p.outcome === 'paid')}, refused for funds ${count((p) => p.outcome === 'refused')}`,
      );
    });
  });
}
