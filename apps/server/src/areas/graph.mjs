/**
 * The declared graph of the server's areas (docs/architecture.md): each area names the areas it
 * may use, lowest first. An area reaches another only through that area's face (its index.ts)
 * and only along an arrow declared here; its tables are its own. `.dependency-cruiser.mjs` turns
 * this into rules and `npm run lint` (in `npm test`) enforces them; test/areas.test.ts proves a
 * planted violation fails. Upward effects (an order paid reaching growth) go through typed hook
 * lists that the lower area keeps and src/area-hooks.ts fills.
 */
export const areas = {
  accounts: [],
  messages: ['accounts'],
  content: ['accounts', 'messages'],
  catalog: ['accounts', 'content'],
  approvals: ['accounts'],
  member: ['accounts', 'messages', 'content'],
  funds: ['accounts', 'messages', 'catalog', 'approvals', 'member'],
  orders: ['accounts', 'messages', 'content', 'catalog', 'approvals', 'member', 'funds'],
  grants: ['accounts', 'messages', 'member', 'funds', 'orders'],
  payments: ['accounts', 'messages', 'member', 'funds', 'orders', 'grants'],
  growth: ['accounts', 'messages', 'content', 'approvals', 'member', 'funds', 'orders'],
  vault: ['accounts', 'messages', 'orders'],
  privacy: ['accounts', 'messages', 'member', 'funds', 'orders', 'grants', 'payments', 'growth', 'vault'],
};

/** Folders that may read any area's tables directly: read-only screens, and privacy (export, erasure). */
export const readsAnyTables = ['views', 'areas/privacy'];
