import type { adminConsultations as table } from '@lab/contract/calls/admin-consultations';
import routes from 'virtual:calls/adminConsultations';
import { bindCalls } from './client';

/** 后台 → 访客咨询 */
export const adminConsultations = bindCalls<typeof table>(routes);
