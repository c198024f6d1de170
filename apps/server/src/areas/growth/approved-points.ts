import { booked, onApproved } from '../approvals';
import { approveApplication } from './points-admin.service';

/** How an approved points award is booked (approvals/approval-hooks.ts); src/area-hooks.ts calls this. */
export function registerGrowthApprovals(): void {
  onApproved('points.award', async ({ tx, acting, payload, now }) => {
    const body = { rid: String(payload.rid), version: Number(payload.version), points: Number(payload.points), reason: payload.reason === undefined ? undefined : String(payload.reason) };
    return { key: booked(await approveApplication(tx, acting, body, now)).rid };
  });
}
