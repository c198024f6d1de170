import { calls } from '@lab/contract/calls';
import type { StaffAccount } from '@lab/contract';
import { audit } from '../../platform/audit';
import { said, serve } from '../../platform/calls';
import { addStaff, listStaff, listStaffNames, resetStaffPassword, resetStaffTotp, setStaffDisabled, staffAudit, updateStaff } from './staff-accounts.service';

const readOnly = { readOnly: true };
const byId = (body: { id: number }) => body.id;

/** Staff accounts: the admin's screen; the names for every role (who handled what, the adviser picker). */
export const staffRoutes = serve(calls.staff, {
  list: { handler: ({ db, body }) => listStaff(db, body), config: readOnly },
  names: { handler: ({ db }) => listStaffNames(db), config: readOnly },
  add: {
    handler: ({ db, body, now }) => addStaff(db, body, now),
    config: { audit: audit<unknown, StaffAccount>(staffAudit, 'staff.add', '新增员工', null, (data) => data.id) },
  },
  update: { handler: ({ db, body }) => updateStaff(db, body), config: { audit: audit(staffAudit, 'staff.update', '修改员工资料与角色', byId) } },
  resetPassword: { handler: ({ db, body, now }) => resetStaffPassword(db, body, now), config: { audit: audit(staffAudit, 'staff.password', '重置员工密码', byId) } },
  // the setup code is in the answer only: the audit row keeps the account before and after, never the code
  resetTotp: { handler: ({ db, body, now }) => resetStaffTotp(db, body.id, now), config: { audit: audit(staffAudit, 'staff.totp.reset', '重置员工身份验证器并发放绑定码', byId) } },
  setStatus: {
    handler: async ({ db, staff, body, now }) => {
      const account = await setStaffDisabled(db, staff.id, body, now);
      return said(account, account.disabled ? '员工账号已停用' : '员工账号已启用');
    },
    config: { audit: audit(staffAudit, 'staff.status', '启用/停用员工', byId) },
  },
});
