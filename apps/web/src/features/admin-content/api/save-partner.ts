import type { PartnerAddBody } from '@lab/contract';
import { adminContent } from './admin-content';
import { flag } from './form-values';

/** POST /api/admin/content/partner/add */
export const addPartner = (body: PartnerAddBody) => adminContent.addPartner({ ...body, visible: flag(body.visible) });

/** POST /api/admin/content/partner/edit */
export const editPartner = (body: PartnerAddBody & { id: number }) => adminContent.editPartner({ ...body, visible: flag(body.visible) });

/** POST /api/admin/content/partner/visible */
export const setPartnerVisible = ({ id, visible }: { id: number; visible: boolean }) => adminContent.showPartner({ id, visible: flag(visible) });

/** POST /api/admin/content/partner/delete */
export const deletePartner = (id: number) => adminContent.removePartner({ id });

/** POST /api/admin/content/partner/reorder */
export const reorderPartners = (ids: number[]) => adminContent.reorderPartners({ ids: ids.join(',') });
