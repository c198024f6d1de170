import type { HotAreaAddBody } from '@lab/contract';
import { adminContent } from './admin-content';
import { flag } from './form-values';

/** POST /api/admin/content/hotArea/add */
export const addHotArea = (body: HotAreaAddBody) => adminContent.addHotArea({ ...body, visible: flag(body.visible) });

/** POST /api/admin/content/hotArea/edit */
export const editHotArea = (body: HotAreaAddBody & { id: number }) => adminContent.editHotArea({ ...body, visible: flag(body.visible) });

/** POST /api/admin/content/hotArea/visible */
export const setHotAreaVisible = ({ id, visible }: { id: number; visible: boolean }) => adminContent.showHotArea({ id, visible: flag(visible) });

/** POST /api/admin/content/hotArea/delete */
export const deleteHotArea = (id: number) => adminContent.removeHotArea({ id });

/** POST /api/admin/content/hotArea/reorder */
export const reorderHotAreas = (ids: number[]) => adminContent.reorderHotAreas({ ids: ids.join(',') });
