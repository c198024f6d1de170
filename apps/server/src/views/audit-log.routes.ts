import { calls } from '@lab/contract/calls';
import { serve } from '../platform/calls';
import { getAuditEntry, searchAuditLog } from './audit-log.service';

const readOnly = { readOnly: true };

/** The audit log (admin). */
export const auditLogRoutes = serve(calls.auditLog, {
  list: { handler: ({ db, body }) => searchAuditLog(db, body), config: readOnly },
  detail: { handler: ({ db, body }) => getAuditEntry(db, body.id), config: readOnly },
  /** every audited action the server knows, for the log's filter */
  actions: {
    handler: ({ request }) => {
      const seen = new Map<string, { action: string; label: string; entity: string }>();
      for (const route of request.server.routeTable) {
        const spec = route.config.audit;
        if (spec && !seen.has(spec.action)) seen.set(spec.action, { action: spec.action, label: spec.label, entity: spec.entity.name });
      }
      return [...seen.values()].sort((a, b) => a.action.localeCompare(b.action));
    },
    config: readOnly,
  },
});
