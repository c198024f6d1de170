import { adminKey } from '../../../lib/admin-api';

/** Every query of the customers area lives under ['admin', 'customers'], so one invalidation refreshes the area. */
const area = [...adminKey, 'customers'] as const;

export const customerKeys = {
  all: area,
  members: (query: object) => [...area, 'members', query] as const,
  member: (rid: string) => [...area, 'member', rid] as const,
  memberOrders: (rid: string, query: object) => [...area, 'member', rid, 'orders', query] as const,
  memberLedger: (rid: string, query: object) => [...area, 'member', rid, 'ledger', query] as const,
  memberCoupons: (rid: string, query: object) => [...area, 'member', rid, 'coupons', query] as const,
  memberConsents: (rid: string) => [...area, 'member', rid, 'consents'] as const,
  staffNames: [...adminKey, 'staff', 'names'] as const,
  attestations: (query: object) => [...area, 'attestations', query] as const,
  communities: (query: object) => [...area, 'communities', query] as const,
  teacherRequests: (query: object) => [...area, 'teacher-requests', query] as const,
  memberPicker: (keyword: string) => [...area, 'member-picker', keyword] as const,
};
