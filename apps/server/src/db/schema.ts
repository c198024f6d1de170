// Every table of every module, for drizzle's relational queries and drizzle-kit.
export * from './tables/accounts.tables';
export * from './tables/platform.tables';
export * from './tables/catalog.tables';
export * from './tables/member.tables';
export * from './tables/funds.tables';
export * from './tables/orders.tables';
export * from './tables/growth.tables';
export * from './tables/messages.tables';
export * from './tables/approvals.tables';
export * from './tables/jobs.tables';
export * from './tables/consent.tables';
