import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { closedMemberLabel } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import {
  accounts,
  approvalRequests,
  auditLog,
  communityMembers,
  consultations,
  contracts,
  invoiceApplications,
  invoiceTitles,
  ledgerEntries,
  memberAddresses,
  memberCoupons,
  memberMessages,
  members,
  orderEvents,
  orderFiles,
  orderLines,
  orders,
  outbox,
  requirements,
  staff,
  staffAlerts,
} from '../../db/schema';
import { TRANSFER_MEMO } from '../growth';
import { eraseOwned, escapeRegex, GONE, maskIp, scrubQuoting, Traces, type Quoting } from './erasure-engine';
import { ownedRows } from './erasure-tables';

/**
 * The erasure of 注销账号 (PIPL art. 47; issue 28 hole 6), inside the closure's transaction.
 *
 * 1. **The member's own rows** (erasure-tables.ts, one entry per table that holds their data): each
 *    personal or typed column is replaced — by 已注销用户#id where a name stood, '' or NULL, or
 *    （已删除） where there was text — and what it held is collected. Rows only the person needed
 *    (addresses, invoice titles, the plan, codes, QR tickets) are deleted.
 * 2. **Rows that quote the member** (`QUOTING` below): the audit log, staff alerts, SMS to staff,
 *    approval requests, the timeline and files of their orders, their contracts, the notes of their
 *    ledger entries. A row counts as the member's when it is theirs (their orders' events, their
 *    accounts' entries, their own audit rows, audit rows whose target is their member rid, an
 *    order number or a row of theirs), or, in the small tables (alerts, approvals, staff SMS), when
 *    it names one of their keys (phone, e-mail, rid, order number); in such a row every collected
 *    value is replaced by 已注销用户#id. The large tables are read through indexes only (the audit
 *    log by target and member: index audit_log_target_key_idx), so a closure stays quick however
 *    long the history. A row of someone else's that is none of these is not touched.
 * 3. Addresses and browsers: sessions, consents and 在线咨询 lose them; the member's own audit
 *    rows keep the network only (198.51.100.0/24).
 *
 * The ledger and the audit log are append-only (triggers); their triggers let this transaction,
 * and only with `lab.erasure` set, change a ledger entry's note or an audit row's input, before,
 * after and address — never an amount, an actor, a time or an action (migration 0027).
 * `closure-erasure.test.ts` searches the whole database after a closure.
 */

export interface ErasureCounts {
  addressesDeleted: number;
  invoiceTitlesDeleted: number;
  ordersKept: number;
  invoicesKept: number;
  messagesErased: number;
  quotingRowsScrubbed: number;
}


/** Erases the member's personal data; `member` is the row as it was before. */
export async function eraseMember(tx: DbOrTx, member: typeof members.$inferSelect, now: Date): Promise<ErasureCounts> {
  const id = member.id;
  const label = closedMemberLabel(id);
  const traces = new Traces();
  traces.add([member.phone, member.name, member.nickname, member.email, member.company]);
  for (const key of [member.phone, member.email, member.rid]) traces.key(key);

  const myOrders = await tx.select({ id: orders.id, orderNo: orders.orderNo }).from(orders).where(eq(orders.memberId, id));
  const orderIds = myOrders.map((o) => o.id);
  for (const o of myOrders) traces.key(o.orderNo);
  const ofMyOrders = <T extends PgColumn>(column: T) => (orderIds.length ? inArray(column, orderIds) : sql`false`);
  const myAccounts = (await tx.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.ownerKind, 'member'), eq(accounts.ownerId, id)))).map((a) => a.id);

  // the JSON copies first (requirement attachments' names, order samples, invoice titles), read before the rows change
  for (const r of await tx.select({ id: requirements.id, files: requirements.files }).from(requirements).where(eq(requirements.memberId, id))) {
    if (r.files.length === 0) continue;
    traces.add(r.files.map((f) => f.name));
    const files = r.files.map((f, i) => ({ ...f, name: `附件${i + 1}${/\.[A-Za-z0-9]{1,5}$/.exec(f.name)?.[0] ?? ''}` }));
    await tx.update(requirements).set({ files }).where(eq(requirements.id, r.id));
  }
  for (const line of orderIds.length ? await tx.select({ id: orderLines.id, samples: orderLines.samples }).from(orderLines).where(inArray(orderLines.orderId, orderIds)) : []) {
    if (line.samples.length === 0) continue;
    traces.add(line.samples.map((s) => [s.name, s.hazards ?? '']));
    await tx
      .update(orderLines)
      .set({ samples: line.samples.map((s, i) => ({ ...s, name: `样品${i + 1}`, hazards: '' })) })
      .where(eq(orderLines.id, line.id));
  }
  for (const inv of await tx.select({ title: invoiceApplications.title }).from(invoiceApplications).where(eq(invoiceApplications.memberId, id))) {
    traces.add(inv.title.kind === 'personal' ? inv.title : [inv.title.phone, inv.title.email]);
  }
  for (const f of orderIds.length ? await tx.select({ id: orderFiles.id, name: orderFiles.name }).from(orderFiles).where(and(inArray(orderFiles.orderId, orderIds), eq(orderFiles.kind, 'protocol'))) : []) {
    traces.add(f.name);
    await tx
      .update(orderFiles)
      .set({ name: `委托检测协议签署件${/\.[A-Za-z0-9]{1,5}$/.exec(f.name)?.[0] ?? ''}` })
      .where(eq(orderFiles.id, f.id));
  }
  // the memo of points they gave (typed by them, kept only in their ledger notes; the recipient's copy is the recipient's)
  if (myAccounts.length) {
    const given = await tx
      .select({ note: ledgerEntries.note })
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.accountId, myAccounts), eq(ledgerEntries.type, 'points_transfer_out')));
    for (const { note } of given) if (note.includes(TRANSFER_MEMO)) traces.add(note.slice(note.indexOf(TRANSFER_MEMO) + TRANSFER_MEMO.length));
  }
  // the member's events on their own timeline: their name as the actor, what they typed
  const mine = and(ofMyOrders(orderEvents.orderId), eq(orderEvents.actorKind, 'member'));
  for (const e of await tx.select({ actorName: orderEvents.actorName, note: orderEvents.note }).from(orderEvents).where(mine)) traces.add([e.actorName, e.note]);
  await tx
    .update(orderEvents)
    .set({ actorName: label, note: sql`case when ${orderEvents.note} = '' then '' else ${GONE} end` })
    .where(mine);

  // more keys of theirs: objects staff act on (an audit row's target) that hold nothing personal
  for (const r of await tx.select({ rid: memberCoupons.rid }).from(memberCoupons).where(eq(memberCoupons.memberId, id))) traces.key(r.rid);
  for (const r of await tx.select({ rid: contracts.rid }).from(contracts).where(eq(contracts.memberId, id))) traces.key(r.rid);
  for (const r of await tx.select({ id: consultations.id }).from(consultations).where(or(eq(consultations.phone, member.phone), eq(consultations.memberId, member.id)))) traces.targets.add(String(r.id));

  const counted = new Map<PgTable, number>();
  for (const spec of ownedRows(member, ofMyOrders)) counted.set(spec.table, await eraseOwned(tx, spec, traces, label));

  // the member row last: its old values are in the traces
  await tx
    .update(members)
    .set({ phone: label, passwordHash: null, nickname: label, name: null, email: null, company: null, inviterId: null, disabled: true, closedAt: now })
    .where(eq(members.id, id));
  // an invoice keeps what tax law needs (a unit's title and tax number); a personal title is the person's name
  await tx
    .update(invoiceApplications)
    .set({
      title: sql`case when ${invoiceApplications.title}->>'kind' = 'personal'
        then jsonb_build_object('kind', 'personal', 'title', ${label}::text, 'tax_no', null, 'bank', null, 'bank_account', null, 'address', null, 'phone', null, 'email', null)
        else ${invoiceApplications.title} || jsonb_build_object('phone', null, 'email', null) end`,
    })
    .where(eq(invoiceApplications.memberId, id));
  // memberships end; a pending application is withdrawn (owning a community is a blocker)
  await tx
    .update(communityMembers)
    .set({ status: 'removed', decidedAt: now })
    .where(and(eq(communityMembers.memberId, id), ne(communityMembers.status, 'removed')));

  // what the lab sent to the phone or e-mail: one not yet sent goes nowhere now; the others lose the address and the text
  const sentTo = [member.phone, ...(member.email ? [member.email] : [])];
  // a WeChat row is to the openid, with the member's phone as its SMS fallback
  const theirs = or(inArray(outbox.recipient, sentTo), inArray(outbox.fallbackPhone, sentTo));
  await tx.delete(outbox).where(and(theirs, eq(outbox.status, 'queued')));
  await tx.update(outbox).set({ recipient: label, body: GONE, params: {}, fallbackPhone: null, attachments: null }).where(theirs);

  // step 2: rows that quote the member
  await tx.execute(sql`select set_config('lab.erasure', 'on', true)`);
  const needles = traces.sorted();
  const pattern = traces.keys.size ? [...traces.keys].map(escapeRegex).join('|') : null;
  const staffPhones = (await tx.select({ phone: staff.phone }).from(staff).where(isNotNull(staff.phone))).map((p) => p.phone!);
  const targets = [...traces.targets];
  const QUOTING: Quoting[] = [
    // staff actions on the member's objects (target: their rid, an order number, the rid of a row of theirs) and their own rows
    { table: auditLog, columns: ['input', 'before', 'after'], rows: or(eq(auditLog.memberId, id), targets.length ? inArray(auditLog.targetKey, targets) : undefined) },
    // what went to staff phones about them (a pickup reminder names the member)
    { table: outbox, columns: ['body', 'params'], rows: staffPhones.length ? inArray(outbox.recipient, staffPhones) : undefined, naming: true },
    { table: staffAlerts, columns: ['title', 'content'], rows: sql`true`, naming: true },
    { table: approvalRequests, columns: ['summary', 'target', 'note', 'decisionReason', 'payload'], rows: sql`true`, naming: true },
    { table: orderEvents, columns: ['title', 'note', 'actorName'], rows: orderIds.length ? inArray(orderEvents.orderId, orderIds) : undefined },
    { table: orderFiles, columns: ['name'], rows: orderIds.length ? inArray(orderFiles.orderId, orderIds) : undefined },
    { table: contracts, columns: ['title'], rows: eq(contracts.memberId, id) },
    { table: ledgerEntries, columns: ['note'], rows: myAccounts.length ? inArray(ledgerEntries.accountId, myAccounts) : undefined },
  ];
  let quotingRowsScrubbed = 0;
  for (const spec of QUOTING) quotingRowsScrubbed += await scrubQuoting(tx, spec, pattern, needles, label);
  // the member's own audit rows keep the network they came from, not the address
  for (const row of await tx.select({ id: auditLog.id, ip: auditLog.ip }).from(auditLog).where(and(eq(auditLog.memberId, id), isNotNull(auditLog.ip)))) {
    await tx.update(auditLog).set({ ip: maskIp(row.ip) }).where(eq(auditLog.id, row.id));
  }
  await tx.execute(sql`select set_config('lab.erasure', 'off', true)`);

  return {
    addressesDeleted: counted.get(memberAddresses) ?? 0,
    invoiceTitlesDeleted: counted.get(invoiceTitles) ?? 0,
    ordersKept: counted.get(orders) ?? 0,
    invoicesKept: counted.get(invoiceApplications) ?? 0,
    messagesErased: counted.get(memberMessages) ?? 0,
    quotingRowsScrubbed,
  };
}
