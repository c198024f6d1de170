import { and, eq } from 'drizzle-orm';
import { call, type TestContext } from '../../../test/harness';
import { makeLoggedInMember } from '../../../test/factories';
import { randomId } from '../../platform/crypto';
import { accounts, couponTemplates, ledgerEntries } from '../funds/funds.tables';
import { ensureAccount, postEntry } from '../funds/ledger.service';
import { memberAddresses } from '../member/member.tables';
import { memberMessages } from '../messages/member-messages.tables';
import { exchangeItems } from './growth.tables';

/** What points.test.ts and points-exchange.test.ts share: calls, members, points, items — on the test file's own context. */
export function pointsKit(t: () => TestContext) {
  const post = <T = unknown>(url: string, who: { token: string } | undefined, form: Record<string, string | number | undefined> = {}) =>
    call<T>(t().app, 'POST', url, { ...(who ? { token: who.token } : {}), form });
  /** every member here has the name a transfer is checked against */
  const member = (overrides: Parameters<typeof makeLoggedInMember>[2] = {}) => makeLoggedInMember(t().db, t().clock.now(), { name: '同学甲', ...overrides });

  /** Points put on a member's account directly (a ledger adjustment). */
  async function givePoints(memberId: number, points: number) {
    await t().db.transaction(async (tx) => {
      const account = await ensureAccount(tx, 'member', memberId, 'points');
      await postEntry(tx, { accountId: account.id, amountFen: points, type: 'adjustment', reference: `test:${randomId()}`, actor: { kind: 'system', id: null }, now: t().clock.now() });
    });
  }
  async function pointsOf(memberId: number) {
    const [row] = await t().db
      .select({ balance: accounts.balanceFen })
      .from(accounts)
      .where(and(eq(accounts.ownerKind, 'member'), eq(accounts.ownerId, memberId), eq(accounts.kind, 'points')));
    return Number(row?.balance ?? 0);
  }
  const entriesOf = (reference: string) => t().db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, reference));
  const messagesOf = (memberId: number) => t().db.select().from(memberMessages).where(eq(memberMessages.memberId, memberId));

  async function addAddress(memberId: number) {
    const [row] = await t().db
      .insert(memberAddresses)
      .values({ rid: randomId(), memberId, name: '李老师', phone: '13700137000', province: '上海市', city: '上海市', area: '徐汇区', addressCode: '310104', address: '漕溪北路1号 材料楼 201', isDefault: true })
      .returning();
    return row!;
  }

  /** A coupon template of our own (¥20 off, not claimable) for coupon items. */
  async function template(perMemberLimit = 5) {
    const [row] = await t().db.insert(couponTemplates).values({ rid: randomId(), name: '测试兑换券', amountFen: 20_00, thresholdFen: 0, validDays: 30, perMemberLimit, claimable: false }).returning();
    return row!;
  }
  async function item(values: { kind?: 'coupon' | 'gift'; points?: number; stock?: number | null; templateId?: number; active?: number } = {}) {
    const kind = values.kind ?? 'gift';
    const [row] = await t().db
      .insert(exchangeItems)
      .values({
        rid: randomId(),
        name: kind === 'gift' ? '测试礼品' : '测试券',
        kind,
        couponTemplateId: kind === 'coupon' ? (values.templateId ?? (await template()).id) : null,
        points: values.points ?? 100,
        stock: values.stock === undefined ? 10 : values.stock,
        active: values.active ?? 1,
      })
      .returning();
    return row!;
  }
  const itemRow = async (id: number) => (await t().db.select().from(exchangeItems).where(eq(exchangeItems.id, id)))[0]!;
  return { post, member, givePoints, pointsOf, entriesOf, messagesOf, addAddress, template, item, itemRow };
}
