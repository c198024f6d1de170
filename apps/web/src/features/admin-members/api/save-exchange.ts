import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminExchangeItem, AdminExchangeItemAddBody, AdminExchangeItemEditBody, ExchangeRecord } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { customerKeys } from './keys';

/** POST /api/admin/growth/exchange/add — a coupon (from a template) or a gift. */
export const addExchangeItem = (body: AdminExchangeItemAddBody) => adminPost<AdminExchangeItem>('/api/admin/growth/exchange/add', { ...body });

/** POST /api/admin/growth/exchange/edit — name, text, picture, points, stock (empty: unlimited), order. */
export const editExchangeItem = (body: AdminExchangeItemEditBody) => adminPost<AdminExchangeItem>('/api/admin/growth/exchange/edit', { ...body, stock: body.stock ?? '' });

/** POST /api/admin/growth/exchange/status — withdraw from the catalogue (上架 again later). */
export const setExchangeItemActive = ({ rid, active }: { rid: string; active: boolean }) => adminPost<AdminExchangeItem>('/api/admin/growth/exchange/status', { rid, active: active ? '1' : '0' });

/** POST /api/admin/growth/exchange/ship — a gift was mailed (the note goes to the member). */
export const shipExchange = ({ rid, note }: { rid: string; note?: string }) => adminPost<ExchangeRecord>('/api/admin/growth/exchange/ship', { rid, note: note || undefined });

export function useExchangeMutation<A, R>(run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }) });
}
