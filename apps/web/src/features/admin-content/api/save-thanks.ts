import type { ThanksAddBody } from '@lab/contract';
import { adminContent } from './admin-content';
import { flag } from './form-values';

/** POST /api/admin/content/thanks/add */
export const addThanks = (body: ThanksAddBody) => adminContent.addThanks({ ...body, visible: flag(body.visible) });

/** POST /api/admin/content/thanks/edit */
export const editThanks = (body: ThanksAddBody & { id: number }) => adminContent.editThanks({ ...body, visible: flag(body.visible) });

/** POST /api/admin/content/thanks/visible */
export const setThanksVisible = ({ id, visible }: { id: number; visible: boolean }) => adminContent.showThanks({ id, visible: flag(visible) });

/** POST /api/admin/content/thanks/delete */
export const deleteThanks = (id: number) => adminContent.removeThanks({ id });
