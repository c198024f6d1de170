import { adminKey } from '../../../lib/admin-api';

export const messageKeys = {
  consultations: [...adminKey, 'consultations'] as const,
  consultationCounts: [...adminKey, 'consultations', 'counts'] as const,
  announcements: [...adminKey, 'announcements'] as const,
  outbox: [...adminKey, 'outbox'] as const,
  alerts: [...adminKey, 'alerts'] as const,
  wechatTemplates: [...adminKey, 'wechat-templates'] as const,
};
