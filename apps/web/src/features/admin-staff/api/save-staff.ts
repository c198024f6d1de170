import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffAccount, StaffAddBody, StaffUpdateBody } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { staffKeys } from './keys';

/** POST /api/admin/staff/add — a new account with its first password. */
export const addStaff = (body: StaffAddBody) => adminPost<StaffAccount>('/api/admin/staff/add', { ...body });

/** POST /api/admin/staff/update — name, role and phone. */
export const updateStaff = (body: StaffUpdateBody) => adminPost<StaffAccount>('/api/admin/staff/update', { ...body });

/** POST /api/admin/staff/password — a new password; the person's sessions end. */
export const resetStaffPassword = (id: number, password: string) => adminPost<StaffAccount>('/api/admin/staff/password', { id, password });

/** POST /api/admin/staff/totp/reset — unbind the authenticator (a lost phone); the next login binds a new one. */
export const resetStaffTotp = (id: number) => adminPost<StaffAccount>('/api/admin/staff/totp/reset', { id });

/** POST /api/admin/staff/status — disable (sessions end) or enable again. */
export const setStaffDisabled = (id: number, disabled: boolean) => adminPost<StaffAccount>('/api/admin/staff/status', { id, disabled: disabled ? '1' : '0' });

/** Any change to staff accounts refreshes the lists and the name pickers. */
export function useStaffMutation<A>(run: (args: A) => Promise<StaffAccount>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.all }) });
}
