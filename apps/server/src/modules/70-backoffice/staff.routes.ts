import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ID_MAX, auditListBody, staffAddBody, staffIdBody, staffListBody, staffPasswordBody, staffStatusBody, staffUpdateBody, type StaffAccount } from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { requireStaff } from '../10-accounts/auth-guard';
import { audit } from '../../platform/audit';
import { ok } from '../../platform/envelope';
import { getAuditEntry, searchAuditLog } from './audit-log.service';
import { addStaff, listStaff, listStaffNames, resetStaffPassword, resetStaffTotp, setStaffDisabled, staffAudit, updateStaff } from './staff-accounts.service';

const admin = { roles: ['admin'] } as const;
const idBody = z.object({ id: z.coerce.number({ error: '[编号]不能为空' }).int({ error: '[编号]不正确' }).positive({ error: '[编号]不正确' }).max(ID_MAX, { error: '[编号]不正确' }) });

/** Staff accounts and the audit log: the admin's screens. */
export async function staffRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => clock.now();

  r.post('/api/admin/staff/list', { schema: { body: staffListBody }, config: { ...admin, readOnly: true } }, async (request) => ok(await listStaff(db, request.body)));
  // every role names people (who handled what, the adviser picker)
  r.post('/api/admin/staff/names', { config: { roles: 'any', readOnly: true } }, async () => ok(await listStaffNames(db)));
  r.post(
    '/api/admin/staff/add',
    { schema: { body: staffAddBody }, config: { ...admin, audit: audit<unknown, StaffAccount>(staffAudit, 'staff.add', '新增员工', null, (data) => data.id) } },
    async (request) => ok(await addStaff(request.db, request.body, now()), '员工账号已创建'),
  );
  r.post(
    '/api/admin/staff/update',
    { schema: { body: staffUpdateBody }, config: { ...admin, audit: audit<{ id: number }>(staffAudit, 'staff.update', '修改员工资料与角色', (body) => body.id) } },
    async (request) => ok(await updateStaff(request.db, request.body), '员工资料已保存'),
  );
  r.post(
    '/api/admin/staff/password',
    { schema: { body: staffPasswordBody }, config: { ...admin, audit: audit<{ id: number }>(staffAudit, 'staff.password', '重置员工密码', (body) => body.id) } },
    async (request) => ok(await resetStaffPassword(request.db, request.body, now()), '密码已重置，该员工需重新登录'),
  );
  r.post(
    '/api/admin/staff/totp/reset',
    { schema: { body: staffIdBody }, config: { ...admin, audit: audit<{ id: number }>(staffAudit, 'staff.totp.reset', '重置员工身份验证器', (body) => body.id) } },
    async (request) => ok(await resetStaffTotp(request.db, request.body.id, now()), '身份验证器已重置，该员工下次登录时需重新绑定'),
  );
  r.post(
    '/api/admin/staff/status',
    { schema: { body: staffStatusBody }, config: { ...admin, audit: audit<{ id: number }>(staffAudit, 'staff.status', '启用/停用员工', (body) => body.id) } },
    async (request) => {
      const person = requireStaff(request);
      const account = await setStaffDisabled(request.db, person.id, request.body, now());
      return ok(account, account.disabled ? '员工账号已停用' : '员工账号已启用');
    },
  );

  r.post('/api/admin/audit/list', { schema: { body: auditListBody }, config: { ...admin, readOnly: true } }, async (request) => ok(await searchAuditLog(db, request.body)));
  r.post('/api/admin/audit/detail', { schema: { body: idBody }, config: { ...admin, readOnly: true } }, async (request) => ok(await getAuditEntry(db, request.body.id)));
  /** every audited action the server knows, for the log's filter */
  r.post('/api/admin/audit/actions', { config: { ...admin, readOnly: true } }, async () => {
    const seen = new Map<string, { action: string; label: string; entity: string }>();
    for (const route of app.routeTable) {
      const spec = route.config.audit;
      if (spec && !seen.has(spec.action)) seen.set(spec.action, { action: spec.action, label: spec.label, entity: spec.entity.name });
    }
    return ok([...seen.values()].sort((a, b) => a.action.localeCompare(b.action)));
  });
}
