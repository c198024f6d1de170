import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, staff } from '../accounts/accounts.tables';
import { orders } from './orders.tables';

/** 测试需求 posted from /require; staff answer with a quote the member can turn into plan lines. */
export const requirements = pgTable(
  'requirements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    title: text().notNull(),
    content: text().notNull(),
    samples: text().notNull(),
    budget: text().notNull().default(''),
    deadline: date({ mode: 'string' }),
    contact: text().notNull(),
    phone: text().notNull(),
    status: text({ enum: ['open', 'quoted', 'accepted', 'closed', 'cancelled'] }).notNull().default('open'),
    /** [{ id, name, storedName, type, size }] under dataDir/files/requirements */
    files: jsonb().$type<{ id: string; name: string; storedName: string; type: string; size: number }[]>().notNull().default([]),
    /** [{ itemId, count, choices }] priced when shown and when accepted */
    quoteLines: jsonb().$type<{ itemId: number; count: number; choices: Record<string, number> }[]>(),
    quoteTotalFen: bigint({ mode: 'number' }),
    quoteNote: text(),
    quotedAt: timestamp({ withTimezone: true }),
    quotedBy: integer().references(() => staff.id),
    closeReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('requirements_member_idx').on(t.memberId, t.createdAt.desc()), index('requirements_status_idx').on(t.status, t.createdAt.desc())],
);

/** Contracts and agreements (/experiment/contract): the lab's file, the member's signed copy. */
export const contracts = pgTable(
  'contracts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    orderId: integer().references(() => orders.id),
    kind: text({ enum: ['agreement', 'contract'] }).notNull(),
    title: text().notNull(),
    status: text({ enum: ['to_sign', 'signed', 'confirmed'] }).notNull().default('to_sign'),
    /** the lab's file (contract kind); agreements are rendered from the order */
    fileStoredName: text(),
    fileType: text(),
    signedStoredName: text(),
    signedType: text(),
    signedAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    /** an agreement signed online (decisions/0057): the sealed PDF's number, the SHA-256 of the text signed, and where from */
    signMethod: text({ enum: ['upload', 'online'] }),
    signedDocumentNo: text(),
    signedContentSha256: text(),
    signedIp: text(),
    signedDevice: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contracts_member_idx').on(t.memberId, t.createdAt.desc()), uniqueIndex('contracts_order_idx').on(t.orderId).where(sql`kind = 'agreement'`)],
);
