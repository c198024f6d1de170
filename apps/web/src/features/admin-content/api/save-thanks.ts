import type { AdminThanks, ThanksAddBody } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { flag } from './form-values';

/** POST /api/admin/content/thanks/add */
export const addThanks = (body: ThanksAddBody) => adminPost<AdminThanks>('/api/admin/content/thanks/add', { ...body, visible: flag(body.visible) });

/** POST /api/admin/content/thanks/edit */
export const editThanks = (body: ThanksAddBody & { id: number }) => adminPost<AdminThanks>('/api/admin/content/thanks/edit', { ...body, visible: flag(body.visible) });

/** POST /api/admin/content/thanks/visible */
export const setThanksVisible = ({ id, visible }: { id: number; visible: boolean }) => adminPost<AdminThanks>('/api/admin/content/thanks/visible', { id, visible: flag(visible) });

/** POST /api/admin/content/thanks/delete */
export const deleteThanks = (id: number) => adminPost<{ id: number }>('/api/admin/content/thanks/delete', { id });
