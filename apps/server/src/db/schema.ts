// Every table of every module, for drizzle's relational queries and drizzle-kit.
export * from '../modules/auth/auth.tables';
export * from '../platform/platform.tables';
export * from '../modules/catalog/catalog.tables';
export * from '../modules/member/member.tables';
export * from '../modules/funds/funds.tables';
export * from '../modules/orders/orders.tables';
export * from '../modules/growth/growth.tables';
export * from '../modules/messages/messages.tables';
export * from '../modules/approvals/approvals.tables';
