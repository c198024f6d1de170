import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { documentKinds } from '@lab/contract';
import { members, staff } from '../../accounts/accounts.tables';
import { orders } from '../orders.tables';

/**
 * Sealed documents (decisions/0040-sealed-documents.md): every PDF the lab signs, under the
 * number printed on it and behind its QR code. The file itself is in the file store
 * (`documents/<stored name>`); its SHA-256 is what /verify compares an uploaded copy with.
 * Status is worked out from the columns: revoked, superseded (a newer version of the same
 * paper), converted (a quote turned into an order), expired (past `expires_at`), else valid.
 */
export const sealedDocuments = pgTable(
  'sealed_documents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** the printed number: kind prefix, Shanghai day, random digits (never a sequence) */
    no: text().notNull().unique(),
    kind: text({ enum: documentKinds }).notNull(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    orderId: integer().references(() => orders.id),
    title: text().notNull(),
    /** the client as printed (name and organisation), masked on the public page */
    client: text().notNull().default(''),
    amountFen: bigint({ mode: 'number' }).notNull(),
    storedName: text().notNull(),
    bytes: integer().notNull(),
    sha256: text().notNull(),
    /** SHA-256 of the content the PDF was drawn from: the same content is not sealed twice */
    contentSha256: text().notNull(),
    /** signed with the demo certificate (测试签章) */
    demo: boolean().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    revokedBy: integer().references(() => staff.id),
    revokeReason: text(),
    supersededAt: timestamp({ withTimezone: true }),
    /** the number of the version that replaced it */
    supersededBy: text(),
    convertedAt: timestamp({ withTimezone: true }),
    convertedOrderId: integer().references(() => orders.id),
  },
  (t) => [index('sealed_documents_order_idx').on(t.orderId, t.kind, t.issuedAt.desc()), index('sealed_documents_member_idx').on(t.memberId, t.issuedAt.desc())],
);
