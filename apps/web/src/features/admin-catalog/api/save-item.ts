import type { Body } from '../../../lib/api';
import { adminCatalog } from './admin-catalog';

/** The item form's fields as text; the server reads and checks them. */
type ItemForm = Parameters<typeof adminCatalog.addItem>[0];

/** POST /api/admin/catalog/item/add — published at once; answers the new rid. */
export const addServiceItem = (form: Body) => adminCatalog.addItem(form as ItemForm);

/** POST /api/admin/catalog/item/update — every field; answers the item as saved. */
export const updateServiceItem = (rid: string, form: Body) => adminCatalog.editItem({ ...(form as ItemForm), rid });

/** POST /api/admin/catalog/item/publish — 上架 or 下架 (items are never deleted). */
export const publishServiceItem = (rid: string, published: boolean) =>
  adminCatalog.publishItem({ rid, published: published ? '1' : '0' });
