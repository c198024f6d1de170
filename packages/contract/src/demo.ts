/**
 * The demo accounts (README): seeded in demo mode only (SEED_DEMO, on unless
 * NODE_ENV=production), published so a newcomer can log in straight away, and for that reason
 * refused outside demo mode. The TOTP secrets of the admin and finance accounts are published
 * too: add one to an authenticator app, or print the current codes with `npm run demo:codes`.
 */
export const demoAccounts = {
  member: { phone: '13800138000', password: 'Demo@2026' },
  /** a teacher (organization 3, set by staff) with an address: can create research communities */
  teacher: { phone: '13900139000', password: 'Demo@2026' },
  staff: [
    { account: 'admin', name: '系统管理员', role: 'admin', password: 'Admin@2026', phone: '13700137000', totpSecret: 'DUJDXLWNUNZLWQC35HXBZIY7WJ3RMSR5' },
    { account: 'sales', name: '王经理', role: 'sales', password: 'Sales@2026', phone: '13700137001', totpSecret: null },
    { account: 'lab', name: '李实验员', role: 'lab', password: 'Lab@2026!', phone: '13700137002', totpSecret: null },
    { account: 'finance', name: '赵会计', role: 'finance', password: 'Finance@2026', phone: '13700137003', totpSecret: '5B5TWPSEGCTL6O2LGDCN4KCZ3JAPINYA' },
  ],
} as const;

/** The README's demo passwords (those above): never accepted as a new password, nor at a staff login outside demo mode. */
export const DEMO_PASSWORDS: readonly string[] = ['Demo@2026', 'Admin@2026', 'Sales@2026', 'Lab@2026!', 'Finance@2026'];
