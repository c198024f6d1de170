import type { AdminBanner, BannerAddBody } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { flag } from './form-values';

/** POST /api/admin/content/banner/add — at the end of the list unless a sort is given. */
export const addBanner = (body: BannerAddBody) => adminPost<AdminBanner>('/api/admin/content/banner/add', { ...body, visible: flag(body.visible) });

/** POST /api/admin/content/banner/edit — picture, link, title, description, sort, visible. */
export const editBanner = (body: BannerAddBody & { id: number }) => adminPost<AdminBanner>('/api/admin/content/banner/edit', { ...body, visible: flag(body.visible) });

/** POST /api/admin/content/banner/visible */
export const setBannerVisible = ({ id, visible }: { id: number; visible: boolean }) => adminPost<AdminBanner>('/api/admin/content/banner/visible', { id, visible: flag(visible) });

/** POST /api/admin/content/banner/delete */
export const deleteBanner = (id: number) => adminPost<{ id: number }>('/api/admin/content/banner/delete', { id });

/** POST /api/admin/content/banner/reorder — the whole list's ids in the new order. */
export const reorderBanners = (ids: number[]) => adminPost<AdminBanner[]>('/api/admin/content/banner/reorder', { ids: ids.join(',') });
