import { beforeAll, describe, expect, it } from 'vitest';
import { loginBody, resetForm, sendCodeBody, signForm, smsLoginBody, weakPasswordMessage } from '@lab/contract';
import { ensurePasswordStrength } from '../../lib/password-strength';
import type { z } from 'zod';
import { checkValues } from '../../lib/form-check';

/** the message a form shows: its check's first problem (lib/form-check), or null when the values pass */
const firstProblem = (schema: z.ZodType, values: unknown) => {
  const check = checkValues(schema, values);
  return check.ok ? null : (check.problems[0]?.message ?? null);
};

// as the register and reset forms do before they check
beforeAll(() => ensurePasswordStrength());

describe('the auth forms\' schemas: only the first error, in the spec words', () => {
  it('password login', () => {
    expect(firstProblem(loginBody, { account: '', password: '' })).toBe('[用户名/手机号]不能为空');
    expect(firstProblem(loginBody, { account: '13800138000', password: '' })).toBe('[密码]不能为空');
    expect(firstProblem(loginBody, { account: '13800138000', password: 'Demo@2026' })).toBeNull();
  });

  it('SMS login', () => {
    expect(firstProblem(smsLoginBody, { phone: '', code: '' })).toBe('[手机号]不能为空');
    expect(firstProblem(smsLoginBody, { phone: '13800138000', code: '' })).toBe('[验证码]不能为空');
  });

  it('register: phone, code, password, confirmation, then the match', () => {
    const empty = { phone: '', code: '', password: '', confirmPassword: '', inviterCode: '' };
    expect(firstProblem(signForm, empty)).toBe('[手机号]不能为空');
    expect(firstProblem(signForm, { ...empty, phone: '13900001111' })).toBe('[验证码]不能为空');
    expect(firstProblem(signForm, { ...empty, phone: '13900001111', code: '123456' })).toBe('[密码]不能为空');
    expect(firstProblem(signForm, { ...empty, phone: '13900001111', code: '123456', password: '12345678' })).toBe('[密码]不能少于10位');
    expect(firstProblem(signForm, { ...empty, phone: '13900001111', code: '123456', password: 'password12' })).toBe(weakPasswordMessage());
    const filled = { ...empty, phone: '13900001111', code: '123456', password: 'Maple#Lab-2026x' };
    expect(firstProblem(signForm, filled)).toBe('[确认密码]不能为空');
    expect(firstProblem(signForm, { ...filled, confirmPassword: 'Other#Lab-2026x' })).toBe('[密码]不一致');
    // the tick of 用户协议 and 隐私政策 last, as the form shows it above the button
    expect(firstProblem(signForm, { ...filled, confirmPassword: 'Maple#Lab-2026x' })).toBe('请阅读并同意《用户协议》和《隐私政策》');
    expect(firstProblem(signForm, { ...filled, confirmPassword: 'Maple#Lab-2026x', agreement: true })).toBeNull();
  });

  it('reset uses the same order', () => {
    const filled = { account: '13900001111', code: '123456', password: 'Maple#Lab-2026x', confirmPassword: '' };
    expect(firstProblem(resetForm, { ...filled, account: '' })).toBe('[手机号]不能为空');
    expect(firstProblem(resetForm, filled)).toBe('[确认密码]不能为空');
    expect(firstProblem(resetForm, { ...filled, confirmPassword: 'x' })).toBe('[密码]不一致');
  });

  it('sending a code needs a phone', () => {
    expect(firstProblem(sendCodeBody, { phone: '', useFor: 0 })).toBe('[手机号]不能为空');
    expect(firstProblem(sendCodeBody, { phone: '13900001111', useFor: 3 })).toBeNull();
  });
});
