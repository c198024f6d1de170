import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The official account's own state (platform/providers/wechat-mp.ts, its only writer), shared by
 * every instance on the database.
 */

/**
 * The access token of each account: fetched by one instance at a time (a transaction-scoped
 * advisory lock) and read by all; WeChat allows 2000 fetches a day and each fetch ends the
 * previous token within minutes, so instances must not fetch their own.
 */
export const wechatMpTokens = pgTable('wechat_mp_tokens', {
  appId: text().primaryKey(),
  accessToken: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  fetchedAt: timestamp({ withTimezone: true }).notNull(),
});

/** The nonces of the callbacks taken in the last minutes: a callback sent again (a replay) is refused. */
export const wechatMpNonces = pgTable(
  'wechat_mp_nonces',
  {
    nonce: text().primaryKey(),
    seenAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('wechat_mp_nonces_seen_idx').on(t.seenAt)],
);
