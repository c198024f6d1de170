import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { itemMethodsBody } from '@lab/contract';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { adminCatalog } from './admin-catalog';
import { catalogKeys } from './keys';

const methodsKey = (rid: string) => [...catalogKeys.item(rid), 'methods'] as const;

/** POST /api/admin/catalog/item/methods — the item's instrument words and option phrases (论文方法与致谢). */
export const useItemMethods = (rid: string | null) => useQuery({ queryKey: methodsKey(rid ?? ''), queryFn: () => adminCatalog.methods({ rid: rid ?? '' }), enabled: Boolean(rid) });

/** POST /api/admin/catalog/item/methods/save */
export const useSaveItemMethods = () =>
  useApiMutation({ mutationFn: (body: z.input<typeof itemMethodsBody>) => adminCatalog.saveMethods(body), invalidates: [catalogKeys.all] });
