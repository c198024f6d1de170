import type { StaffAddBody, StaffUpdateBody } from '@lab/contract';
import { staff } from './staff';
import { staffKeys } from './keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** POST /api/admin/staff/add — a new account with its first password. */
export const addStaff = (body: StaffAddBody) => staff.add(body);

/** POST /api/admin/staff/update — name, role and phone. */
export const updateStaff = (body: StaffUpdateBody) => staff.update(body);

/** POST /api/admin/staff/password — a new password; the person's sessions end. */
export const resetStaffPassword = (id: number, password: string) => staff.resetPassword({ id, password });

/**
 * POST /api/admin/staff/totp/reset — unbind the authenticator (a lost phone) and get the one-time setup code
 * (shown this once) without which the next login cannot bind a new one; on an account not bound yet, just the code.
 */
export const resetStaffTotp = (id: number) => staff.resetTotp({ id });

/** POST /api/admin/staff/status — disable (sessions end) or enable again. */
export const setStaffDisabled = (id: number, disabled: boolean) => staff.setStatus({ id, disabled: disabled ? '1' : '0' });

/** Any change to staff accounts refreshes the lists and the name pickers. */
export function useStaffMutation<A, R>(run: (args: A) => Promise<R>) {
  return useApiMutation({ mutationFn: run, invalidates: [staffKeys.all] });
}
