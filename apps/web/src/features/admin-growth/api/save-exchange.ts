import type { AdminExchangeItemAddBody, AdminExchangeItemEditBody } from '@lab/contract';
import { growthKeys } from './keys';
import { adminPoints } from './admin-points';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** POST /api/admin/growth/exchange/add — a coupon (from a template) or a gift. */
export const addExchangeItem = (body: AdminExchangeItemAddBody) => adminPoints.addItem(body);

/** POST /api/admin/growth/exchange/edit — name, text, picture, points, stock (empty: unlimited), order. */
export const editExchangeItem = (body: AdminExchangeItemEditBody) => adminPoints.editItem({ ...body, stock: body.stock ?? '' });

/** POST /api/admin/growth/exchange/status — withdraw from the catalogue (上架 again later). */
export const setExchangeItemActive = ({ rid, active }: { rid: string; active: boolean }) => adminPoints.setItemActive({ rid, active: active ? '1' : '0' });

/** POST /api/admin/growth/exchange/ship — a gift was mailed (the note goes to the member). */
export const shipExchange = ({ rid, note }: { rid: string; note?: string }) => adminPoints.ship({ rid, note: note || undefined });

export function useExchangeMutation<A, R>(run: (args: A) => Promise<R>) {
  return useApiMutation({ mutationFn: run, invalidates: [growthKeys.all] });
}
