import { z } from 'zod';
import { adminTableQuery } from '../admin-table';
import { emptyMessage, ID_MAX, optionalText, phonePattern, requiredText } from '../common';
import { passwordField, staffRole, StaffRole, staffRoleLabels } from './schemas';

// ---- staff accounts (admin) ----

export const staffRoles = Object.values(StaffRole) as [StaffRole, ...StaffRole[]];
export { staffRoleLabels };

const roleField = z.enum(staffRoles, { error: '[角色]不正确' });
const requiredRole = z.enum(staffRoles, { error: (issue) => (issue.input === undefined || issue.input === '' ? emptyMessage('角色') : '[角色]不正确') });
const staffIdField = z.coerce.number({ error: emptyMessage('员工') }).int({ error: '[员工]不正确' }).positive({ error: '[员工]不正确' }).max(ID_MAX, { error: '[员工]不正确' });
const optionalPhone = z
  .string()
  .trim()
  .max(11, { error: '[手机号]不能超过11个字符' })
  .optional()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || phonePattern.test(value), { error: '[手机号]格式不正确' });

export const staffListBody = adminTableQuery(['createdAt', 'lastLoginAt', 'account']).extend({
  keyword: optionalText('关键词', 50),
  role: roleField.optional().or(z.literal('').transform(() => undefined)),
});
export type StaffListBody = z.infer<typeof staffListBody>;

export const staffAddBody = z.object({
  account: requiredText('账号', 32).regex(/^[A-Za-z][A-Za-z0-9_.-]{2,31}$/, { error: '[账号]应为3–32位字母、数字或 _ . -，以字母开头' }),
  name: requiredText('姓名', 32),
  role: requiredRole,
  phone: optionalPhone,
  password: passwordField('初始密码'),
});
export type StaffAddBody = z.infer<typeof staffAddBody>;

export const staffUpdateBody = z.object({
  id: staffIdField,
  name: requiredText('姓名', 32),
  role: requiredRole,
  phone: optionalPhone,
});
export type StaffUpdateBody = z.infer<typeof staffUpdateBody>;

export const staffPasswordBody = z.object({ id: staffIdField, password: passwordField('新密码') });
export const staffIdBody = z.object({ id: staffIdField });
export type StaffPasswordBody = z.infer<typeof staffPasswordBody>;

export const staffStatusBody = z.object({
  id: staffIdField,
  disabled: z.enum(['0', '1'], { error: '[状态]不正确' }).transform((value) => value === '1'),
});
export type StaffStatusBody = z.infer<typeof staffStatusBody>;

export const staffAccount = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  role: staffRole,
  phone: z.string().nullable(),
  disabled: z.boolean(),
  /** an authenticator is bound (TOTP) */
  totpEnabled: z.boolean(),
  /** a setup code (绑定码) handed over and not used yet: until when it is good */
  setupCodeExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type StaffAccount = z.infer<typeof staffAccount>;

/**
 * staff/totp/reset: the authenticator unbound, and the one-time setup code the person needs to
 * bind a new one — shown this once to the admin, who hands it over in person or by phone.
 */
export const staffTotpReset = z.object({
  account: staffAccount,
  setupCode: z.string(),
  setupCodeExpiresAt: z.string(),
});
export type StaffTotpReset = z.infer<typeof staffTotpReset>;

/** staff/names: everyone who can be named (who handled what, the adviser picker), active first. */
export const staffName = z.object({ id: z.number().int(), name: z.string(), role: staffRole, disabled: z.boolean() });
export type StaffName = z.infer<typeof staffName>;
