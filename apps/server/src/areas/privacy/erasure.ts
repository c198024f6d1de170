import { and, eq, getTableColumns, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { closedMemberLabel } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import {
  accounts,
  announcements,
  approvalRequests,
  auditLog,
  authSessions,
  communities,
  communityMembers,
  consultations,
  contracts,
  creditApplications,
  invoiceApplications,
  invoiceTitles,
  ledgerEntries,
  loginGuards,
  memberAddresses,
  memberConsents,
  memberCoupons,
  memberMessages,
  memberProfiles,
  members,
  orderEvents,
  orderFiles,
  orderLines,
  orders,
  outbox,
  planLines,
  pointsApplications,
  pointsExchanges,
  prestoreApplications,
  promoterApplications,
  rebateWithdrawals,
  requirements,
  reservations,
  sampleRecycles,
  samplings,
  smsCodes,
  staff,
  staffAlerts,
  transferApplications,
  wxTickets,
} from '../../db/schema';
import { TRANSFER_MEMO } from '../growth';

/**
 * The erasure of 注销账号 (PIPL art. 47; issue 28 hole 6), inside the closure's transaction.
 *
 * 1. **The member's own rows** (`OWNED` below, one entry per table that holds their data): each
 *    personal or typed column is replaced — by 已注销用户#id where a name stood, '' or NULL, or
 *    （已删除） where there was text — and what it held is collected. Rows only the person needed
 *    (addresses, invoice titles, the plan, codes, QR tickets) are deleted.
 * 2. **Rows that quote the member** (`QUOTING`): the audit log, staff alerts, SMS to staff,
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

const GONE = '（已删除）';

/**
 * How a column is erased. label: 已注销用户#id; blank: ''; null: NULL; gone: （已删除） where
 * there was text. The *Quiet forms erase without collecting the value for step 2: regions and
 * places (上海市), which would otherwise be replaced in every row about the member.
 */
type Way = 'label' | 'blank' | 'null' | 'gone' | 'blankQuiet' | 'nullQuiet';

interface Owned {
  table: PgTable;
  where: SQL | undefined;
  set: Record<string, Way>;
  /** the rows are deleted once read (nothing in them is kept) */
  remove?: true;
}

export interface ErasureCounts {
  addressesDeleted: number;
  invoiceTitlesDeleted: number;
  ordersKept: number;
  invoicesKept: number;
  messagesErased: number;
  quotingRowsScrubbed: number;
}

/** A network, not a device: what a closed member's own audit rows keep of their address. */
export const maskIp = (ip: string | null | undefined): string | null => {
  if (!ip) return null;
  if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}::/48`;
  const parts = ip.split('.');
  return parts.length === 4 ? `${parts.slice(0, 3).join('.')}.0/24` : null;
};

const hasCjk = (s: string) => /[\u3400-\u9fff]/.test(s);
/** Values worth replacing wherever they are quoted: a name (two Chinese characters or more), else six characters or more. */
const quotable = (s: string) => (hasCjk(s) ? s.length >= 2 : s.length >= 6) && s !== GONE;

class Traces {
  readonly values = new Set<string>();
  /** strings only this member's rows carry (phone, e-mail, rids, order numbers): found inside a text */
  readonly keys = new Set<string>();
  /** the public keys of the member's objects: an audit row's target */
  readonly targets = new Set<string>();
  add(value: unknown) {
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (quotable(trimmed)) this.values.add(trimmed);
      if (quotable(value)) this.values.add(value);
    } else if (Array.isArray(value)) for (const v of value) this.add(v);
    else if (value && typeof value === 'object') for (const v of Object.values(value)) this.add(v);
  }
  key(value: string | null | undefined) {
    if (!value) return;
    this.targets.add(value);
    if (value.length >= 6) this.keys.add(value);
  }
  /** Longest first, so a sentence is replaced before the name inside it. */
  sorted() {
    return [...this.values].sort((a, b) => b.length - a.length);
  }
}

function replaceIn(value: unknown, needles: string[], label: string): unknown {
  if (typeof value === 'string') {
    let out = value;
    for (const needle of needles) if (out.includes(needle)) out = out.split(needle).join(label);
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => replaceIn(v, needles, label));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceIn(v, needles, label)]));
  return value;
}

const columnsOf = (table: PgTable) => getTableColumns(table) as unknown as Record<string, PgColumn>;

function valueFor(way: Way, column: PgColumn, label: string): unknown {
  switch (way) {
    case 'label':
      return label;
    case 'blank':
    case 'blankQuiet':
      return '';
    case 'null':
    case 'nullQuiet':
      return null;
    case 'gone':
      return sql`case when ${column} is null or ${column}::text = '' then ${column} else ${GONE} end`;
  }
}

async function eraseOwned(tx: DbOrTx, spec: Owned, traces: Traces, label: string): Promise<number> {
  const columns = columnsOf(spec.table);
  const names = Object.keys(spec.set);
  const read = Object.fromEntries([...names, ...('rid' in columns ? ['rid'] : [])].map((name) => [name, columns[name]!]));
  const rows = (await tx.select(read as never).from(spec.table).where(spec.where)) as Record<string, unknown>[];
  if (rows.length === 0) return 0;
  for (const row of rows) {
    for (const name of names) if (!spec.set[name]!.endsWith('Quiet')) traces.add(row[name]);
    if (typeof row.rid === 'string') traces.key(row.rid);
  }
  if (spec.remove) {
    await tx.delete(spec.table).where(spec.where);
  } else {
    const values = Object.fromEntries(names.map((name) => [name, valueFor(spec.set[name]!, columns[name]!, label)]));
    await tx.update(spec.table).set(values as never).where(spec.where);
  }
  return rows.length;
}

/**
 * A table whose rows may quote a member: which columns, which rows to read (found through an
 * index: the member's orders, accounts, audit targets, the staff's phones), and whether only those
 * of them that name one of the member's keys are theirs.
 */
interface Quoting {
  table: PgTable;
  columns: string[];
  rows: SQL | undefined;
  /** of those rows, only the ones naming a key of the member (phone, e-mail, rid, order number) */
  naming?: true;
}

async function scrubQuoting(tx: DbOrTx, spec: Quoting, pattern: string | null, needles: string[], label: string): Promise<number> {
  if (!spec.rows || (spec.naming && !pattern)) return 0;
  const columns = columnsOf(spec.table);
  const text = sql.join(
    spec.columns.map((name) => sql`coalesce(${columns[name]!}::text, '')`),
    sql` || ' ' || `,
  );
  const where = spec.naming ? and(spec.rows, sql`(${text}) ~ ${pattern}`) : spec.rows;
  const read = Object.fromEntries(['id', ...spec.columns].map((name) => [name, columns[name]!]));
  const rows = (await tx.select(read as never).from(spec.table).where(where)) as Record<string, unknown>[];
  let changed = 0;
  for (const row of rows) {
    const next: Record<string, unknown> = {};
    for (const name of spec.columns) {
      const replaced = replaceIn(row[name], needles, label);
      if (JSON.stringify(replaced) !== JSON.stringify(row[name])) next[name] = replaced;
    }
    if (Object.keys(next).length === 0) continue;
    await tx.update(spec.table).set(next as never).where(eq(columns.id!, row.id as number));
    changed++;
  }
  return changed;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
  for (const r of await tx.select({ id: consultations.id }).from(consultations).where(eq(consultations.phone, member.phone))) traces.targets.add(String(r.id));

  const region = { province: 'blankQuiet', city: 'blankQuiet', area: 'blankQuiet', addressCode: 'blankQuiet' } as const;
  const OWNED: Owned[] = [
    { table: memberProfiles, where: eq(memberProfiles.memberId, id), set: { teacher: 'null', teacherPhone: 'null', teacherMail: 'null', address: 'null', province: 'nullQuiet', city: 'nullQuiet', area: 'nullQuiet', addressCode: 'nullQuiet', reviewNote: 'null' } },
    { table: memberAddresses, where: eq(memberAddresses.memberId, id), set: { name: 'label', phone: 'blank', address: 'gone' }, remove: true },
    { table: invoiceTitles, where: eq(invoiceTitles.memberId, id), set: { title: 'label', taxNo: 'null', bank: 'null', bankAccount: 'null', address: 'null', phone: 'null', email: 'null' }, remove: true },
    { table: planLines, where: eq(planLines.memberId, id), set: { note: 'blank' }, remove: true },
    { table: samplings, where: eq(samplings.memberId, id), set: { name: 'label', phone: 'blank', ...region, address: 'gone', sendAddress: 'gone', message: 'blank' } },
    { table: sampleRecycles, where: eq(sampleRecycles.memberId, id), set: { samples: 'gone', name: 'label', phone: 'blank', ...region, address: 'gone', message: 'blank', trackingNo: 'null' } },
    { table: requirements, where: eq(requirements.memberId, id), set: { title: 'gone', content: 'gone', samples: 'gone', budget: 'blank', contact: 'label', phone: 'blank', quoteNote: 'gone', closeReason: 'gone' } },
    { table: orders, where: eq(orders.memberId, id), set: { contact: 'label', phone: 'blank', remark: 'blank', cancelReason: 'gone', disputeReason: 'gone', evaluationContent: 'gone', managerCallNote: 'gone' } },
    { table: orderLines, where: ofMyOrders(orderLines.orderId), set: { note: 'blank' } },
    { table: reservations, where: eq(reservations.memberId, id), set: { note: 'blank' } },
    { table: memberMessages, where: eq(memberMessages.memberId, id), set: { title: 'gone', content: 'blank', link: 'nullQuiet' } },
    { table: announcements, where: eq(announcements.memberId, id), set: { title: 'gone', content: 'gone' } },
    { table: consultations, where: eq(consultations.phone, member.phone), set: { name: 'label', phone: 'blank', company: 'null', content: 'gone', ip: 'nullQuiet', reply: 'gone' } },
    {
      table: invoiceApplications,
      where: eq(invoiceApplications.memberId, id),
      set: { email: 'null', receiver: 'null', receiverPhone: 'null', receiverAddress: 'null', remark: 'blank', rejectReason: 'gone' },
    },
    { table: prestoreApplications, where: eq(prestoreApplications.memberId, id), set: { payer: 'blank', remark: 'blank', refuseReason: 'gone' } },
    { table: transferApplications, where: eq(transferApplications.memberId, id), set: { remark: 'blank', refuseReason: 'gone' } },
    { table: creditApplications, where: eq(creditApplications.memberId, id), set: { contact: 'null', reason: 'gone', decisionNote: 'gone' } },
    { table: promoterApplications, where: eq(promoterApplications.memberId, id), set: { name: 'label', phone: 'blank', organization: 'blank', channel: 'gone', reason: 'gone' } },
    { table: rebateWithdrawals, where: eq(rebateWithdrawals.memberId, id), set: { accountName: 'null', bankName: 'nullQuiet', bankAccount: 'null', reason: 'gone' } },
    { table: pointsApplications, where: eq(pointsApplications.memberId, id), set: { title: 'gone', journal: 'gone', doi: 'blank', reason: 'gone' } },
    { table: pointsExchanges, where: eq(pointsExchanges.memberId, id), set: { shipTo: 'null' } },
    { table: communityMembers, where: eq(communityMembers.memberId, id), set: { message: 'blank' } },
    // communities they made (dissolved: owning one blocks the closure) are often named after them
    { table: communities, where: eq(communities.ownerMemberId, id), set: { name: 'gone', description: 'gone', reviewNote: 'gone' } },
    { table: memberConsents, where: eq(memberConsents.memberId, id), set: { ip: 'nullQuiet', userAgent: 'nullQuiet' } },
    { table: authSessions, where: and(eq(authSessions.subjectKind, 'member'), eq(authSessions.subjectId, id)), set: { ip: 'nullQuiet', userAgent: 'nullQuiet' } },
    { table: wxTickets, where: eq(wxTickets.memberId, id), set: { ip: 'nullQuiet', userAgent: 'nullQuiet' }, remove: true },
    { table: smsCodes, where: eq(smsCodes.phone, member.phone), set: { ip: 'nullQuiet' }, remove: true },
    { table: loginGuards, where: or(eq(loginGuards.key, `member:${id}`), eq(loginGuards.key, `member:${member.phone}`)), set: { key: 'nullQuiet' }, remove: true },
  ];
  const counted = new Map<PgTable, number>();
  for (const spec of OWNED) counted.set(spec.table, await eraseOwned(tx, spec, traces, label));

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
  await tx.delete(outbox).where(and(inArray(outbox.recipient, sentTo), eq(outbox.status, 'queued')));
  await tx.update(outbox).set({ recipient: label, body: GONE, params: {} }).where(inArray(outbox.recipient, sentTo));

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
