import { eq } from 'drizzle-orm';
import { calls } from '@lab/contract/calls';
import { audit, auditEntity } from '../../../platform/audit';
import { serve } from '../../../platform/calls';
import { orders } from '../orders.tables';
import { moveSample } from './samples.service';
import { orderSamples } from './samples.tables';

/** A sample as the audit log keeps it: its state and since when, with its order's progress. The key is its code. */
export const sampleAudit = auditEntity<string>('sample', async (db, key) => {
  const [row] = await db
    .select({ code: orderSamples.code, state: orderSamples.state, stateAt: orderSamples.stateAt, queuePos: orderSamples.queuePos, orderNo: orders.orderNo, progress: orders.progress })
    .from(orderSamples)
    .innerJoin(orders, eq(orders.id, orderSamples.orderId))
    .where(eq(orderSamples.code, String(key).trim().toUpperCase()))
    .limit(1);
  return row ?? null;
});

/** 样品状态: the desk's per-sample moves (contract orders/sample-calls.ts). */
export const sampleRoutes = serve(calls.adminSamples, {
  move: {
    handler: ({ db, staff, body, now, deps, request }) => moveSample(db, { sms: deps.sms, email: deps.email, log: request.log }, staff.id, body, now),
    config: { audit: audit(sampleAudit, 'samples.move', '样品状态流转', (body: { code: string }) => body.code) },
  },
});
