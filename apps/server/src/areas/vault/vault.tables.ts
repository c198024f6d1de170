import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members, staff } from '../accounts/accounts.tables';
import { orders } from '../orders/orders.tables';

/**
 * The data vault (数据保管箱, decisions/0045): raw files the lab uploads per order and sample,
 * straight to storage in parts. `sha256Claimed` is what the uploading browser computed;
 * `sha256Verified` what the server read back from the stored object (a job streams it). They
 * differ → state `mismatch` and a staff alert. At `retentionEnd` the object is deleted (state
 * `deleted`, the row stays with its hash) and a deletion certificate lists it.
 */
export const vaultFiles = pgTable(
  'vault_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    /** the sample's lab code (<order no>-<line>-<n>); null: the whole order */
    sampleCode: text(),
    /** the order's member, so a member's vault is one index read */
    memberId: integer()
      .notNull()
      .references(() => members.id),
    instrument: text().notNull().default(''),
    description: text().notNull().default(''),
    /** the file's name as uploaded (shown, and used for the download and the sha256sum list) */
    name: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    sha256Claimed: text(),
    sha256Verified: text(),
    state: text({ enum: ['uploading', 'verifying', 'verified', 'mismatch', 'deleted'] })
      .notNull()
      .default('uploading'),
    /** the object's name in the store's `vault` folder */
    storageKey: text().notNull(),
    /** the store's multipart upload id while uploading */
    uploadId: text(),
    partSize: integer().notNull(),
    retentionEnd: timestamp({ withTimezone: true }).notNull(),
    uploadedBy: integer()
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    uploadedAt: timestamp({ withTimezone: true }),
    verifiedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('vault_files_member_idx').on(t.memberId, t.orderId, t.id),
    index('vault_files_order_idx').on(t.orderId, t.id),
    index('vault_files_retention_idx').on(t.retentionEnd).where(sql`state <> 'deleted'`),
  ],
);

/** The parts of an upload the store has taken (a resumed upload sends only the others; completing names them). */
export const vaultParts = pgTable(
  'vault_parts',
  {
    fileId: integer()
      .notNull()
      .references(() => vaultFiles.id),
    partNumber: integer().notNull(),
    size: integer().notNull(),
    /** the store's ETag of the part ('' on local disk) */
    etag: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.partNumber] })],
);

/** A link a member gives a co-author: one or more of the member's files, without an account. */
export const vaultShareLinks = pgTable(
  'vault_share_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** the link's secret (in the URL), stored as its SHA-256 */
    tokenHash: text().notNull().unique(),
    /** shown to the member to tell links apart */
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    fileIds: jsonb().$type<number[]>().notNull(),
    /** 提取码, stored as SHA-256 of link rid + code; null: none */
    codeHash: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** downloads allowed; null: no cap */
    maxDownloads: integer(),
    downloads: integer().notNull().default(0),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vault_share_links_member_idx').on(t.memberId, t.id)],
);

/** Every opening and download of a share link (who got what, from where). */
export const vaultShareAccesses = pgTable(
  'vault_share_accesses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    linkId: integer()
      .notNull()
      .references(() => vaultShareLinks.id),
    fileId: integer().references(() => vaultFiles.id),
    action: text({ enum: ['open', 'download', 'wrong_code'] }).notNull(),
    ip: text().notNull().default(''),
    userAgent: text().notNull().default(''),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vault_share_accesses_link_idx').on(t.linkId, t.id)],
);

/** What was deleted at the retention's end: one certificate per member and run, the files and their hashes. */
export const vaultDeletionCertificates = pgTable(
  'vault_deletion_certificates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    files: jsonb().$type<{ orderNo: string; sampleCode: string | null; name: string; size: number; sha256: string | null; retentionEnd: string }[]>().notNull(),
    deletedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('vault_deletion_certificates_member_idx').on(t.memberId, t.id)],
);

/**
 * 数据保管延期 (decisions/0053): the retention bought for files, priced when ordered (the GBs,
 * the years, the price per GB-year then in force) and applied once its order is paid: the
 * files' retention ends move by `years` (`appliedAt` set, in the payment's transaction).
 */
export const vaultExtensions = pgTable(
  'vault_extensions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    orderId: integer()
      .notNull()
      .unique()
      .references(() => orders.id),
    fileIds: jsonb().$type<number[]>().notNull(),
    years: integer().notNull(),
    bytes: bigint({ mode: 'number' }).notNull(),
    gb: integer().notNull(),
    gbYearFen: integer().notNull(),
    totalFen: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    appliedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('vault_extensions_member_idx').on(t.memberId, t.id)],
);
