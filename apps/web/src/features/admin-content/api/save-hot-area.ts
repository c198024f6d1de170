import type { AdminHotArea, HotAreaAddBody } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { flag } from './form-values';

/** POST /api/admin/content/hotArea/add */
export const addHotArea = (body: HotAreaAddBody) => adminPost<AdminHotArea>('/api/admin/content/hotArea/add', { ...body, visible: flag(body.visible) });

/** POST /api/admin/content/hotArea/edit */
export const editHotArea = (body: HotAreaAddBody & { id: number }) => adminPost<AdminHotArea>('/api/admin/content/hotArea/edit', { ...body, visible: flag(body.visible) });

/** POST /api/admin/content/hotArea/visible */
export const setHotAreaVisible = ({ id, visible }: { id: number; visible: boolean }) => adminPost<AdminHotArea>('/api/admin/content/hotArea/visible', { id, visible: flag(visible) });

/** POST /api/admin/content/hotArea/delete */
export const deleteHotArea = (id: number) => adminPost<{ id: number }>('/api/admin/content/hotArea/delete', { id });

/** POST /api/admin/content/hotArea/reorder */
export const reorderHotAreas = (ids: number[]) => adminPost<AdminHotArea[]>('/api/admin/content/hotArea/reorder', { ids: ids.join(',') });
