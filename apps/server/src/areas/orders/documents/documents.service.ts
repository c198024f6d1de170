import crypto from 'node:crypto';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { documentKindLabels, documentStatusLabels, type DocumentKind, type DocumentStatus, type DocumentVerifyView } from '@lab/contract';
import type { DbOrTx, Tx } from '../../../db/client';
import { notFound, conflict } from '../../../platform/errors';
import type { FileStore } from '../../../platform/providers/file-store';
import type { DocumentSeal } from '../../../platform/providers/document-seal';
import { removeStoredFile } from '../../../platform/files';
import { randomToken } from '../../../platform/crypto';
import { dayNumber, insertNumbered, type NumberSpec } from '../../../platform/numbers';
import { writeMemberAudit } from '../../../platform/member-audit';
import { renderSealedPdf, type SealedPdfSpec } from '../../../platform/sealed-pdf';
import { sealedDocuments } from './documents.tables';
import { contracts } from '../requirements.tables';

/**
 * The register of sealed documents (decisions/0040-sealed-documents.md): issuing one (draw the PDF,
 * sign it, store it, record its number and hashes), what /verify shows for a number, and a staff
 * revocation. A paper of an order is issued again only when its content changed: the same content
 * answers the stored file (same number, same hash), new content supersedes the old version.
 */
export type SealedDocumentRow = typeof sealedDocuments.$inferSelect;

const prefixes: Record<DocumentKind, string> = { quote: 'BJ', statement: 'QD', payment_notice: 'JF', agreement: 'XY', payment_proof: 'ZF', pack_cover: 'BX' };
const numberSpec = (kind: DocumentKind): NumberSpec => ({ constraint: 'sealed_documents_no_unique', draw: dayNumber(prefixes[kind], 6) });

export interface DocumentDeps {
  files: FileStore;
  seal: DocumentSeal;
  /** the site's public origin, for the QR code's /verify link */
  origin: string;
}

export interface IssueInput {
  kind: DocumentKind;
  memberId: number;
  orderId: number | null;
  title: string;
  client: string;
  amountFen: number;
  expiresAt: Date | null;
  /** what the PDF shows, without its number, link and content hash (added here) */
  spec: Omit<SealedPdfSpec, 'no' | 'verifyUrl' | 'contentSha256' | 'issuedAt'>;
  /** rows that go with the document (a quote's lines), written in its transaction */
  record?: (tx: Tx, row: SealedDocumentRow) => Promise<void>;
  /** a paper of no single order (a pack's cover over several): the member's live one of the same content answers */
  reuseByContent?: boolean;
}

/** SHA-256 of the content as canonical JSON (keys as written by the caller: the spec is built in one place per kind). */
export const contentHash = (value: unknown) => crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex');
export const fileHash = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

export const verifyUrl = (origin: string, no: string) => `${origin.replace(/\/$/, '')}/verify/${encodeURIComponent(no)}`;

/** The live (not revoked, not superseded) document of this kind for an order, newest first. */
async function liveOrderDocument(db: DbOrTx, orderId: number, kind: DocumentKind): Promise<SealedDocumentRow | null> {
  const [row] = await db
    .select()
    .from(sealedDocuments)
    .where(and(eq(sealedDocuments.orderId, orderId), eq(sealedDocuments.kind, kind), isNull(sealedDocuments.revokedAt), isNull(sealedDocuments.supersededAt)))
    .orderBy(desc(sealedDocuments.issuedAt), desc(sealedDocuments.id))
    .limit(1);
  return row ?? null;
}

/**
 * Issues a sealed document, or answers the live one of the same order and kind when its content is
 * the same. The PDF is drawn and stored before the row is written; a row that cannot be written
 * leaves no file behind. A newer version marks the older one superseded in the same transaction.
 */
export async function issueDocument(db: DbOrTx, deps: DocumentDeps, input: IssueInput, now: Date): Promise<SealedDocumentRow> {
  const digest = contentHash({ kind: input.kind, title: input.title, amountFen: input.amountFen, expiresAt: input.expiresAt?.toISOString() ?? null, spec: input.spec });
  // a quote is not an order's paper: its reuse is the caller's (quotes.service)
  if (input.orderId !== null) {
    const live = await liveOrderDocument(db, input.orderId, input.kind);
    if (live && live.contentSha256 === digest && live.demo === deps.seal.demo) return live;
  } else if (input.reuseByContent) {
    const [same] = await db
      .select()
      .from(sealedDocuments)
      .where(
        and(
          eq(sealedDocuments.memberId, input.memberId),
          eq(sealedDocuments.kind, input.kind),
          eq(sealedDocuments.contentSha256, digest),
          eq(sealedDocuments.demo, deps.seal.demo),
          isNull(sealedDocuments.orderId),
          isNull(sealedDocuments.revokedAt),
        ),
      )
      .limit(1);
    if (same) return same;
  }
  const storedName = `${randomToken()}.pdf`;
  let stored = false;
  try {
    return await insertNumbered(db, numberSpec(input.kind), now, async (tx, no) => {
      const pdf = await renderSealedPdf({ ...input.spec, no, verifyUrl: verifyUrl(deps.origin, no), contentSha256: digest, issuedAt: now }, deps.seal);
      await deps.files.put('documents', storedName, pdf, 'application/pdf');
      stored = true;
      const [row] = await tx
        .insert(sealedDocuments)
        .values({
          no,
          kind: input.kind,
          memberId: input.memberId,
          orderId: input.orderId,
          title: input.title,
          client: input.client,
          amountFen: input.amountFen,
          storedName,
          bytes: pdf.length,
          sha256: fileHash(pdf),
          contentSha256: digest,
          demo: deps.seal.demo,
          issuedAt: now,
          expiresAt: input.expiresAt,
        })
        .returning();
      // every seal applied is on the audit log, in the same transaction
      await writeMemberAudit(tx, {
        memberId: input.memberId,
        action: 'document.issue',
        label: `出具盖章${documentKindLabels[input.kind]}`,
        entity: 'sealed_document',
        targetKey: no,
        after: { no, kind: input.kind, title: input.title, amountFen: input.amountFen, sha256: row!.sha256, demo: row!.demo },
        now,
      });
      if (input.record) await input.record(tx, row!);
      if (input.orderId !== null) {
        // the older live version of the same paper is replaced by this one
        await tx
          .update(sealedDocuments)
          .set({ supersededAt: now, supersededBy: no })
          .where(
            and(
              eq(sealedDocuments.orderId, input.orderId),
              eq(sealedDocuments.kind, input.kind),
              isNull(sealedDocuments.revokedAt),
              isNull(sealedDocuments.supersededAt),
              ne(sealedDocuments.id, row!.id),
            ),
          );
      }
      return row!;
    });
  } catch (error) {
    if (stored) await removeStoredFile(deps.files, 'documents', storedName);
    throw error;
  }
}

export function documentStatus(row: SealedDocumentRow, now: Date): DocumentStatus {
  if (row.revokedAt) return 'revoked';
  if (row.supersededAt) return 'superseded';
  if (row.convertedAt) return 'converted';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

/** 张三 → 张*, 中山大学 张三 → 中山大学 张*: enough for a finance office to recognise, not a full name for anyone. */
export function maskClient(client: string): string {
  return client
    .split(/\s+/)
    .filter(Boolean)
    .map((part, i, parts) => (i === parts.length - 1 && [...part].length <= 4 ? [...part][0] + '*'.repeat(Math.max([...part].length - 1, 1)) : part))
    .join(' ');
}

export async function findDocument(db: DbOrTx, no: string): Promise<SealedDocumentRow> {
  const [row] = await db.select().from(sealedDocuments).where(eq(sealedDocuments.no, no)).limit(1);
  if (!row) throw notFound('文件编号');
  return row;
}

export async function toVerifyView(db: DbOrTx, row: SealedDocumentRow, issuer: string, orderNo: string | null, now: Date): Promise<DocumentVerifyView> {
  const status = documentStatus(row, now);
  const note =
    status === 'revoked'
      ? `撤销原因：${row.revokeReason ?? ''}`
      : status === 'superseded'
        ? `已由新版本 ${row.supersededBy ?? ''} 替代，请以新版本为准`
        : status === 'expired'
          ? '已超过有效期'
          : status === 'converted'
            ? '报价已接受并转为订单'
            : '';
  return {
    no: row.no,
    kind: row.kind,
    kindText: documentKindLabels[row.kind],
    title: row.title,
    issuer,
    client: maskClient(row.client),
    orderNo,
    amountFen: row.amountFen,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    status,
    statusText: documentStatusLabels[status],
    statusNote: note,
    sha256: row.sha256,
    contentSha256: row.contentSha256,
    demo: row.demo,
  };
}

/** Staff revoke a document: the page says 已撤销 and why; a revoked one cannot be revoked again; a revoked agreement is to be signed again. */
export async function revokeDocument(db: DbOrTx, staffId: number, no: string, reason: string, now: Date): Promise<SealedDocumentRow> {
  const [row] = await db
    .update(sealedDocuments)
    .set({ revokedAt: now, revokedBy: staffId, revokeReason: reason })
    .where(and(eq(sealedDocuments.no, no), isNull(sealedDocuments.revokedAt)))
    .returning();
  if (row) {
    // an agreement signed online is no longer in force: the member signs again (or uploads a signed copy)
    if (row.kind === 'agreement') {
      await db
        .update(contracts)
        .set({ status: 'to_sign', signMethod: null, signedAt: null, confirmedAt: null, signedDocumentNo: null, signedContentSha256: null, signedIp: null, signedDevice: null })
        .where(and(eq(contracts.signedDocumentNo, row.no), eq(contracts.kind, 'agreement')));
    }
    return row;
  }
  await findDocument(db, no);
  throw conflict('该文件已撤销');
}
