import type { adminSamples as table } from '@lab/contract/orders/sample-calls';
import type { SampleState } from '@lab/contract';
import routes from 'virtual:calls/adminSamples';
import { bindStaffCalls } from '../../../api/staff-client';
import { useOrderChange } from './order-steps';

/** 后台 → 样品状态流转 */
export const adminSamples = bindStaffCalls<typeof table>(routes);

/**
 * POST /api/admin/samples/move — one sample one state on (`to` omitted: the next state, as a
 * scan means); `confirm` also confirms an order still 待确认 (确认并收样). Answers the order.
 */
export const moveSample = (code: string, to?: SampleState, options: { note?: string; confirm?: boolean } = {}) =>
  adminSamples.move({ code, ...(to ? { to } : {}), ...(options.note ? { note: options.note } : {}), ...(options.confirm ? { confirm: true } : {}) });

/** A sample's move from the desk: the answer replaces the order's cached detail (useOrderChange). */
export const useSampleMove = () =>
  useOrderChange(({ code, to, confirm }: { code: string; to?: SampleState | undefined; confirm?: boolean }) => moveSample(code, to, { confirm: confirm ?? false }));
