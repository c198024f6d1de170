/**
 * Every call of the API, by resource (call.ts says how a call is declared). The server serves
 * them (platform/calls.ts), the web calls them (apps/web/src/api/), /api/docs describes them.
 */
import { addresses } from './calls/addresses';
import { adminAnnouncements } from './calls/admin-announcements';
import { adminConsultations } from './calls/admin-consultations';
import { adminGrowth } from './calls/admin-growth';
import { adminPoints } from './calls/admin-points';
import { adminPromotion } from './calls/admin-promotion';
import { health } from './calls/health';
import { invites } from './calls/invites';
import { messages } from './calls/messages';
import { points } from './calls/points';
import { promotion } from './calls/promotion';

export const calls = { health, addresses, invites, promotion, points, messages, adminGrowth, adminPromotion, adminPoints, adminConsultations, adminAnnouncements };
export type Calls = typeof calls;
