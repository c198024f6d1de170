import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  bankLayoutLabels,
  formatFen,
  isApprovalFiled,
  labMinute,
  type ApprovalFiled,
  type BankLineConfirmBody,
  type BankLineListBody,
  type BankLineView,
  type BankMatchProposal,
  type BankStatementUploaded,
  type BankStatementView,
  type MatchReason,
  type Page,
} from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { paginate } from '../../db/paginate';
import { randomId } from '../../platform/crypto';
import { badRequest, conflict, decisionChanged, notFound } from '../../platform/errors';
import { memberContacts } from '../accounts';
import type { Acting } from '../approvals';
import { bankStatementLines, bankStatements } from './bank-statements.tables';
import { readStatement, type StatementLine } from './bank-statement-parse';
import { prestoreApplications } from './prestore.tables';
import { confirmPrestore } from './prestore-decisions';

/**
 * 银行流水对账 (decisions/0047). An upload reads the statement into lines; its credit lines are
 * kept once each (a fingerprint of the line, unique) and listed with the pending 预存申请 the
 * server proposes for them. Finance books a line through confirmPrestore — the same pinned,
 * gated decision as 确认预存到账 — in one transaction with marking the line matched, so a line
 * books once and a 预存申请 is booked by one line.
 */

type LineRow = typeof bankStatementLines.$inferSelect;
type StatementRow = typeof bankStatements.$inferSelect;

const toStatement = (row: StatementRow): BankStatementView => ({
  rid: row.rid,
  fileName: row.fileName,
  layout: row.layout,
  layoutLabel: bankLayoutLabels[row.layout],
  lineCount: row.lineCount,
  creditCount: row.creditCount,
  createdAt: row.createdAt.toISOString(),
});

/** A line's fingerprint: what the bank says of it, and which of identical lines in one file it is. */
function fingerprints(lines: StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const key = [line.bookedAt.toISOString(), line.amountFen, line.payerAccount || line.payer, line.bankRef, line.remark].join('|');
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return createHash('sha256').update(`${key}#${n}`).digest('hex');
  });
}

const INSERT_CHUNK = 500;

/** statement/upload: reads the file, keeps the statement and its new credit lines. A file uploaded before answers `duplicate`. */
export async function uploadStatement(db: DbOrTx, staffId: number, file: { buffer: Buffer; kind: 'xlsx' | 'csv'; name: string }, now: Date): Promise<BankStatementUploaded> {
  const fileSha256 = createHash('sha256').update(file.buffer).digest('hex');
  const [known] = await db.select().from(bankStatements).where(eq(bankStatements.fileSha256, fileSha256)).limit(1);
  if (known) return { statement: toStatement(known), duplicate: true, added: 0, known: known.creditCount, debits: known.lineCount - known.creditCount };

  const { layout, lines } = await readStatement(file.buffer, file.kind);
  if (lines.length === 0) throw badRequest('文件中没有读到任何流水，请检查导出的日期范围');
  const credits = lines.filter((line) => line.amountFen > 0);
  let statement: StatementRow;
  try {
    [statement] = (await db
      .insert(bankStatements)
      .values({ rid: randomId(), fileName: file.name.slice(0, 200), fileSha256, layout, lineCount: lines.length, creditCount: credits.length, staffId, createdAt: now })
      .returning()) as [StatementRow];
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('该对账单刚刚已上传，请刷新后查看');
    throw error;
  }
  const prints = fingerprints(credits);
  let added = 0;
  for (let i = 0; i < credits.length; i += INSERT_CHUNK) {
    const rows = credits.slice(i, i + INSERT_CHUNK).map((line, j) => ({
      rid: randomId(),
      statementId: statement.id,
      fingerprint: prints[i + j]!,
      bookedAt: line.bookedAt,
      amountFen: line.amountFen,
      payer: line.payer.slice(0, 200),
      payerAccount: line.payerAccount.slice(0, 60),
      remark: line.remark,
      bankRef: line.bankRef,
    }));
    const inserted = await db.insert(bankStatementLines).values(rows).onConflictDoNothing({ target: bankStatementLines.fingerprint }).returning({ id: bankStatementLines.id });
    added += inserted.length;
  }
  return { statement: toStatement(statement), duplicate: false, added, known: credits.length - added, debits: lines.length - credits.length };
}

/** A payer's name as compared: no spaces or brackets of either width. */
const payerKey = (name: string) => name.replace(/[\s\u3000()（）]/g, '').toLowerCase();
/** The 预存申请 numbers written in a remark (YC + 8 date digits + 6). */
const applyNos = (remark: string) => [...new Set(remark.toUpperCase().match(/YC\d{14}/g) ?? [])];

type Candidate = typeof prestoreApplications.$inferSelect;

/**
 * The best 预存申请 for each open line: pending ones (or a confirmed one not yet booked by a
 * line, named in the remark — confirmed by an approval after finance filed it). A proposal needs
 * the application number in the remark, or the same amount and payer, or the same amount when
 * only one pending application has it.
 */
async function proposals(db: DbOrTx, lines: LineRow[]): Promise<Map<number, BankMatchProposal>> {
  const open = lines.filter((line) => line.status === 'open');
  if (open.length === 0) return new Map();
  const nos = [...new Set(open.flatMap((line) => applyNos(line.remark)))];
  const amounts = [...new Set(open.map((line) => Number(line.amountFen)))];
  const conditions: SQL[] = [and(eq(prestoreApplications.status, 'pending'), inArray(prestoreApplications.amountFen, amounts))!];
  if (nos.length > 0) {
    conditions.push(
      and(
        inArray(prestoreApplications.applyNo, nos),
        or(eq(prestoreApplications.status, 'pending'), and(eq(prestoreApplications.status, 'confirmed'), sql`NOT EXISTS (SELECT 1 FROM bank_statement_lines b WHERE b.prestore_id = ${prestoreApplications.id})`)),
      )!,
    );
  }
  const candidates: Candidate[] = await db.select().from(prestoreApplications).where(or(...conditions)).orderBy(prestoreApplications.id).limit(2000);
  // each line weighs only the candidates its remark names or of its amount (every proposal needs
  // one or the other), in the candidates' order; a payer's key is made once per candidate
  const byAmount = new Map<number, number[]>();
  const byNo = new Map<string, number>();
  candidates.forEach((c, i) => {
    byNo.set(c.applyNo, i);
    if (c.status === 'pending') byAmount.set(Number(c.amountFen), [...(byAmount.get(Number(c.amountFen)) ?? []), i]);
  });
  const payerKeys = candidates.map((c) => (c.payer ? payerKey(c.payer) : ''));
  const people = await memberContacts(db, candidates.map((c) => c.memberId));

  const out = new Map<number, BankMatchProposal>();
  for (const line of open) {
    const amount = Number(line.amountFen);
    const inRemark = new Set(applyNos(line.remark));
    const linePayer = line.payer ? payerKey(line.payer) : '';
    const named = [...inRemark].map((no) => byNo.get(no)).filter((i): i is number => i !== undefined);
    const weighed = [...new Set([...named, ...(byAmount.get(amount) ?? [])])].sort((a, b) => a - b);
    let best: { c: Candidate; reasons: MatchReason[]; score: number } | null = null;
    for (const i of weighed) {
      const c = candidates[i]!;
      const reasons: MatchReason[] = [];
      if (inRemark.has(c.applyNo)) reasons.push('applyNo');
      if (Number(c.amountFen) === amount) reasons.push('amount');
      if (payerKeys[i] && linePayer && payerKeys[i] === linePayer) reasons.push('payer');
      const has = (r: MatchReason) => reasons.includes(r);
      const alone = has('amount') && reasons.length === 1 && (byAmount.get(amount)?.length ?? 0) === 1;
      if (!has('applyNo') && !(has('amount') && has('payer')) && !alone) continue;
      if (c.status !== 'pending' && !has('applyNo')) continue;
      const score = (has('applyNo') ? 4 : 0) + (has('amount') ? 2 : 0) + (has('payer') ? 1 : 0);
      if (!best || score > best.score) best = { c, reasons, score };
    }
    if (!best) continue;
    const person = people.get(best.c.memberId);
    out.set(line.id, {
      rid: best.c.rid,
      applyNo: best.c.applyNo,
      version: best.c.version,
      amountFen: Number(best.c.amountFen),
      payer: best.c.payer,
      memberName: person?.name || person?.nickname || '',
      memberPhone: person?.phone ?? '',
      status: best.c.status,
      reasons: best.reasons,
    });
  }
  return out;
}

async function toViews(db: DbOrTx, rows: LineRow[]): Promise<BankLineView[]> {
  if (rows.length === 0) return [];
  const statementIds = [...new Set(rows.map((row) => row.statementId))];
  const matchedIds = rows.map((row) => row.prestoreId).filter((id): id is number => id !== null);
  const [statements, matched, proposed] = await Promise.all([
    db.select({ id: bankStatements.id, rid: bankStatements.rid }).from(bankStatements).where(inArray(bankStatements.id, statementIds)),
    matchedIds.length ? db.select({ id: prestoreApplications.id, applyNo: prestoreApplications.applyNo }).from(prestoreApplications).where(inArray(prestoreApplications.id, matchedIds)) : Promise.resolve([]),
    proposals(db, rows),
  ]);
  const statementRid = new Map(statements.map((s) => [s.id, s.rid]));
  const applyNo = new Map(matched.map((m) => [m.id, m.applyNo]));
  return rows.map((row) => ({
    rid: row.rid,
    statementRid: statementRid.get(row.statementId) ?? '',
    bookedAt: labMinute(row.bookedAt),
    amountFen: Number(row.amountFen),
    payer: row.payer,
    payerAccount: row.payerAccount,
    remark: row.remark,
    bankRef: row.bankRef,
    status: row.status,
    matchedApplyNo: row.prestoreId === null ? null : (applyNo.get(row.prestoreId) ?? null),
    matchedAt: row.matchedAt?.toISOString() ?? null,
    proposal: proposed.get(row.id) ?? null,
  }));
}

/** statement/lines: open (default), matched or all lines, newest first, optionally of one statement. */
export async function listBankLines(db: DbOrTx, body: BankLineListBody): Promise<Page<BankLineView>> {
  const parts: SQL[] = [];
  if (body.status !== 'all') parts.push(eq(bankStatementLines.status, body.status));
  if (body.statement) parts.push(sql`${bankStatementLines.statementId} = (SELECT id FROM bank_statements WHERE rid = ${body.statement})`);
  const where = parts.length ? and(...parts) : undefined;
  return paginate(
    body,
    (w) => db.select().from(bankStatementLines).where(where).orderBy(desc(bankStatementLines.bookedAt), desc(bankStatementLines.id)).limit(w.limit).offset(w.offset),
    () => db.$count(bankStatementLines, where),
    (rows) => toViews(db, rows),
  );
}

/**
 * statement/confirm: books the line as the 预存申请 finance chose, through confirmPrestore (its
 * pin, its gate, its ledger entries and message), and marks the line matched in the same
 * transaction. The amounts must agree; a matched line answers 409; a 预存申请 another line booked
 * answers 409 (its unique index). Above the maker's limit the confirmation is filed for approval
 * and the line stays open; once approved, confirming the line again links it without booking.
 */
export async function confirmBankLine(db: DbOrTx, acting: Acting, body: BankLineConfirmBody, now: Date): Promise<BankLineView | ApprovalFiled> {
  return db.transaction(async (tx) => {
    const [line] = await tx.select().from(bankStatementLines).where(eq(bankStatementLines.rid, body.line_rid)).for('update').limit(1);
    if (!line) throw notFound('银行流水');
    if (line.status !== 'open') throw conflict('该笔流水已入账，不能重复入账');
    const [application] = await tx.select().from(prestoreApplications).where(eq(prestoreApplications.rid, body.rid)).limit(1);
    if (!application) throw notFound('预存申请');
    if (Number(application.amountFen) !== Number(line.amountFen)) {
      throw badRequest(`流水金额 ${formatFen(Number(line.amountFen))} 与预存申请 ${application.applyNo} 的金额 ${formatFen(Number(application.amountFen))} 不一致，请核对`);
    }
    if (application.status === 'confirmed') {
      // confirmed by an approval after finance filed it: link the line, nothing more to book
      if (application.version !== body.version) throw decisionChanged();
    } else {
      const booked = await confirmPrestore(tx, acting, { rid: body.rid, version: body.version, note: `银行流水 ${labMinute(line.bookedAt)} ${line.payer || line.payerAccount}${line.bankRef ? `（${line.bankRef}）` : ''}` }, now);
      if (isApprovalFiled(booked)) return booked;
    }
    let updated: LineRow[];
    try {
      updated = await tx
        .update(bankStatementLines)
        .set({ status: 'matched', prestoreId: application.id, matchedBy: acting.by.id, matchedAt: now })
        .where(and(eq(bankStatementLines.id, line.id), eq(bankStatementLines.status, 'open'), isNull(bankStatementLines.prestoreId)))
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`预存申请 ${application.applyNo} 已由另一笔流水入账`);
      throw error;
    }
    if (updated.length === 0) throw conflict('该笔流水已入账，不能重复入账');
    return (await toViews(tx, updated))[0]!;
  });
}

/** The statement as the audit log keeps it (uploads): file, layout, counts. */
export async function statementForAudit(db: DbOrTx, rid: string) {
  const [row] = await db.select().from(bankStatements).where(eq(bankStatements.rid, rid)).limit(1);
  return row ? { fileName: row.fileName, layout: bankLayoutLabels[row.layout], lineCount: row.lineCount, creditCount: row.creditCount } : null;
}
