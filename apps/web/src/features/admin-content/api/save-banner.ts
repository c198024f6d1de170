import type { BannerAddBody } from '@lab/contract';
import { adminContent } from './admin-content';
import { flag } from './form-values';

/** POST /api/admin/content/banner/add — at the end of the list unless a sort is given. */
export const addBanner = (body: BannerAddBody) => adminContent.addBanner({ ...body, visible: flag(body.visible) });

/** POST /api/admin/content/banner/edit — picture, link, title, description, sort, visible. */
export const editBanner = (body: BannerAddBody & { id: number }) => adminContent.editBanner({ ...body, visible: flag(body.visible) });

/** POST /api/admin/content/banner/visible */
export const setBannerVisible = ({ id, visible }: { id: number; visible: boolean }) => adminContent.showBanner({ id, visible: flag(visible) });

/** POST /api/admin/content/banner/delete */
export const deleteBanner = (id: number) => adminContent.removeBanner({ id });

/** POST /api/admin/content/banner/reorder — the whole list's ids in the new order. */
export const reorderBanners = (ids: number[]) => adminContent.reorderBanners({ ids: ids.join(',') });
