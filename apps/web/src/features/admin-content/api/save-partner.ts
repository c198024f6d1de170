import type { AdminPartner, PartnerAddBody } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { flag } from './form-values';

/** POST /api/admin/content/partner/add */
export const addPartner = (body: PartnerAddBody) => adminPost<AdminPartner>('/api/admin/content/partner/add', { ...body, visible: flag(body.visible) });

/** POST /api/admin/content/partner/edit */
export const editPartner = (body: PartnerAddBody & { id: number }) => adminPost<AdminPartner>('/api/admin/content/partner/edit', { ...body, visible: flag(body.visible) });

/** POST /api/admin/content/partner/visible */
export const setPartnerVisible = ({ id, visible }: { id: number; visible: boolean }) => adminPost<AdminPartner>('/api/admin/content/partner/visible', { id, visible: flag(visible) });

/** POST /api/admin/content/partner/delete */
export const deletePartner = (id: number) => adminPost<{ id: number }>('/api/admin/content/partner/delete', { id });

/** POST /api/admin/content/partner/reorder */
export const reorderPartners = (ids: number[]) => adminPost<AdminPartner[]>('/api/admin/content/partner/reorder', { ids: ids.join(',') });
