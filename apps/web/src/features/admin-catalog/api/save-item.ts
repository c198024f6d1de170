import type { AdminServiceItem } from '@lab/contract';
import type { Body } from '../../../lib/api';
import { adminPost } from '../../../lib/admin-api';

/** POST /api/admin/catalog/item/add — published at once; answers the new rid. */
export const addServiceItem = (form: Body) => adminPost<{ rid: string }>('/api/admin/catalog/item/add', form);

/** POST /api/admin/catalog/item/update — every field; answers the item as saved. */
export const updateServiceItem = (rid: string, form: Body) => adminPost<AdminServiceItem>('/api/admin/catalog/item/update', { ...form, rid });

/** POST /api/admin/catalog/item/publish — 上架 or 下架 (items are never deleted). */
export const publishServiceItem = (rid: string, published: boolean) =>
  adminPost<{ rid: string; published: boolean }>('/api/admin/catalog/item/publish', { rid, published: published ? '1' : '0' });
