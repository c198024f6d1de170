/**
 * Every table of the funds area, by topic: the ledger (accounts, entries), prestore (tiers,
 * settings, top-ups, transfers), coupons, invoices and credit. Kept as one name for drizzle's
 * schema index (src/db/schema.ts) and the tests that read the tables.
 */
export * from './ledger.tables';
export * from './prestore.tables';
export * from './coupons.tables';
export * from './invoices.tables';
export * from './credit.tables';
export * from './bank-statements.tables';
