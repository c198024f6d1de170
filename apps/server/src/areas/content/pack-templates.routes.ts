import { calls } from '@lab/contract/calls';
import { packTemplateKeys, type PackTemplateKey } from '@lab/contract';
import { audit, auditEntity } from '../../platform/audit';
import { serve } from '../../platform/calls';
import { packTemplate, packTemplates, savePackTemplate } from './pack-templates.service';

const packTemplateAudit = auditEntity<string>('packTemplate', (db, key) => ((packTemplateKeys as readonly string[]).includes(key) ? packTemplate(db, key as PackTemplateKey) : Promise.resolve(null)));

/** 系统 → 报销模板 (admin). */
export const packTemplatesAdminRoutes = serve(calls.adminPackTemplates, {
  list: { config: { readOnly: true }, handler: async ({ db }) => Object.values(await packTemplates(db)) },
  save: {
    config: { audit: audit(packTemplateAudit, 'content.packTemplate', '保存报销模板', (body: { key: string }) => body.key) },
    handler: ({ db, staff, body, now }) => savePackTemplate(db, staff.id, body, now),
  },
});
