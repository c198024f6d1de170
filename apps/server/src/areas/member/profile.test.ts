import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberHomeData, MemberProfile, MemberUserInfo } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember } from '../../../test/factories';
import { addAddress, listAddresses, saveMemberSettings } from './test-helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await saveMemberSettings(t.db);
});
afterAll(() => t.close());

const login = () => makeLoggedInMember(t.db, t.clock.now());
const attest = (token: string, form: Record<string, string | undefined>) =>
  call<MemberProfile>(t.app, 'POST', '/api/auth/user/update4profile', { token, form });
const info = (token: string) => call<MemberUserInfo>(t.app, 'POST', '/api/auth/user/info', { token });

const student = {
  name: '王小明',
  email: 'xm@example.edu.cn',
  organization: '0',
  company: '复旦大学材料科学系',
  teacher: '李教授',
  teacher_phone: '13700137000',
  teacher_mail: 'li@example.edu.cn',
  province: '上海市',
  city: '上海市',
  area: '杨浦区',
  address_code: '310110',
  address: '邯郸路220号',
};

describe('user/update4profile (资料认证)', () => {
  it('saves the attestation and creates the first address, so basic information is complete', async () => {
    const { token, member } = await login();
    const before = await info(token);
    expect(before.data).toMatchObject({ addressList: [], basicInfoComplete: false, cartNum: 0 });
    expect(before.data.profile).toMatchObject({ name: null, teacher: null, attestedAt: null, reviewStatus: 'none', reviewNote: null });

    const res = await attest(token, student);
    expect(res).toMatchObject({ status: 200, code: 1, msg: '操作成功!' });
    // every submission waits for the lab's review (back office 资料认证)
    expect(res.data).toMatchObject({ ...student, organization: 0, attestedAt: t.clock.now().toISOString(), reviewStatus: 'pending' });

    const after = await info(token);
    expect(after.data.basicInfoComplete).toBe(true);
    expect(after.data.account).toMatchObject({ name: '王小明', email: 'xm@example.edu.cn', organization: 0, company: '复旦大学材料科学系' });
    expect(after.data.addressList).toEqual([
      expect.objectContaining({ name: '王小明', phone: member.phone, province: '上海市', city: '上海市', area: '杨浦区', address_code: '310110', address: '邯郸路220号', default: 1, disabled: false }),
    ]);
  });

  it('does not add another address when one is on file, and can be repeated', async () => {
    const { token } = await login();
    await addAddress(t, token);
    await attest(token, student);
    expect(await attest(token, { ...student, company: '同济大学' })).toMatchObject({ code: 1, data: { company: '同济大学' } });
    expect(await listAddresses(t, token)).toHaveLength(1);
  });

  it('fills province, city and area from the code when left out (JSON too)', async () => {
    const { token } = await login();
    const { province: _p, city: _c, area: _a, ...rest } = student;
    const res = await call<MemberProfile>(t.app, 'POST', '/api/auth/user/update4profile', { token, json: { ...rest, organization: 0 } });
    expect(res.data).toMatchObject({ province: '上海市', city: '上海市', area: '杨浦区' });
  });

  it.each([
    ['name', '「姓名」不能为空'],
    ['email', '「邮箱」不能为空'],
    ['organization', '「用户类型」不能为空'],
    ['company', '「单位名称」不能为空'],
    ['teacher', '「导师/负责人」不能为空'],
    ['teacher_phone', '「导师手机」不能为空'],
    ['teacher_mail', '「导师邮箱」不能为空'],
    ['address_code', '「收货地区」不能为空'],
    ['address', '「详细地址」不能为空'],
  ])('requires %s: %s', async (field, msg) => {
    const { token } = await login();
    expect(await attest(token, { ...student, [field]: '' })).toMatchObject({ status: 400, code: 0, msg });
  });

  it('names the first missing field in the dialog order, advisor before region', async () => {
    const { token } = await login();
    expect(await attest(token, {})).toMatchObject({ status: 400, msg: '「姓名」不能为空' });
    expect(await attest(token, { name: 'a', email: 'a@b.cn', organization: '0', company: 'x' })).toMatchObject({ msg: '「导师/负责人」不能为空' });
  });

  it('accepts only the student type, with a clear message for the others', async () => {
    const { token } = await login();
    for (const organization of ['1', '2', '3']) {
      expect(await attest(token, { ...student, organization })).toMatchObject({
        status: 400,
        msg: '目前仅支持学生用户在线认证，老师、个人和企业用户请联系客服认证',
      });
    }
    expect(await attest(token, { ...student, organization: '9' })).toMatchObject({ status: 400, msg: '「用户类型」不正确' });
  });

  it('does not turn a staff-verified teacher into a student', async () => {
    const { token } = await makeLoggedInMember(t.db, t.clock.now(), { organization: 3 });
    expect(await attest(token, student)).toMatchObject({ status: 403, msg: '您已认证为老师用户，如需修改认证资料请联系客服' });
    expect((await info(token)).data.account.organization).toBe(3);
  });

  it('lets a staff-verified teacher update the form under their type, without advisor fields', async () => {
    const { token } = await makeLoggedInMember(t.db, t.clock.now(), { organization: 3 });
    const teacher = { ...student, name: '陈老师', organization: '3', teacher: undefined, teacher_phone: undefined, teacher_mail: undefined };
    expect(await attest(token, teacher)).toMatchObject({ status: 200, code: 1, data: { name: '陈老师', organization: 3, teacher: null, reviewStatus: 'pending' } });
    expect((await info(token)).data.account.organization).toBe(3);
    // another staff-only type is still refused
    expect(await attest(token, { ...teacher, organization: '2' })).toMatchObject({ status: 403, msg: '您已认证为老师用户，如需修改认证资料请联系客服' });
  });

  it('refuses malformed e-mail, advisor phone and regions that are not a complete choice', async () => {
    const { token } = await login();
    expect(await attest(token, { ...student, email: 'nope' })).toMatchObject({ status: 400, msg: '「邮箱」格式不正确' });
    expect(await attest(token, { ...student, teacher_phone: '12345' })).toMatchObject({ status: 400, msg: '「导师手机」格式不正确' });
    expect(await attest(token, { ...student, teacher_mail: 'x@' })).toMatchObject({ status: 400, msg: '「导师邮箱」格式不正确' });
    expect(await attest(token, { ...student, address_code: '999999' })).toMatchObject({ status: 400, msg: '[收货地区]不正确' });
    expect(await attest(token, { ...student, address_code: '310000', area: undefined, city: undefined })).toMatchObject({ status: 400, msg: '[收货地区]请选择到区县' });
    expect(await attest(token, { ...student, area: '徐汇区' })).toMatchObject({ status: 400, msg: '[收货地区]与地区编码不一致，请重新选择' });
    expect((await info(token)).data.profile.attestedAt).toBeNull();
  });

  it('needs a member token', async () => {
    expect(await call(t.app, 'POST', '/api/auth/user/update4profile', { form: student })).toMatchObject({ status: 401, code: 0 });
  });
});

describe('user/updateInfo and user/update4contact', () => {
  it('changes the nickname', async () => {
    const { token } = await login();
    expect(await call(t.app, 'POST', '/api/auth/user/updateInfo', { token, form: { nickname: '小王' } })).toMatchObject({ status: 200, code: 1 });
    expect((await info(token)).data.account.nickname).toBe('小王');
    expect(await call(t.app, 'POST', '/api/auth/user/updateInfo', { token, form: { nickname: ' ' } })).toMatchObject({ status: 400, msg: '[昵称]不能为空' });
  });

  it('changes the contact name and e-mail', async () => {
    const { token } = await login();
    const res = await call(t.app, 'POST', '/api/auth/user/update4contact', { token, form: { name: '赵六', email: 'zl@example.com' } });
    expect(res).toMatchObject({ status: 200, code: 1 });
    expect((await info(token)).data.account).toMatchObject({ name: '赵六', email: 'zl@example.com' });
    expect(await call(t.app, 'POST', '/api/auth/user/update4contact', { token, form: { email: 'zl@example.com' } })).toMatchObject({ status: 400, msg: '[姓名]不能为空' });
    expect(await call(t.app, 'POST', '/api/auth/user/update4contact', { token, form: { name: '赵六', email: 'bad' } })).toMatchObject({ status: 400, msg: '[邮箱]格式不正确' });
  });

  it('only ever changes the caller', async () => {
    const a = await login();
    const b = await login();
    await call(t.app, 'POST', '/api/auth/user/updateInfo', { token: b.token, form: { nickname: 'B的昵称' } });
    expect((await info(a.token)).data.account.nickname).toBe('测试用户');
  });
});

describe('web/home/data (member centre figures)', () => {
  it('counts the member’s own things and says whether basic information is complete', async () => {
    const { token } = await login();
    const empty = await call<MemberHomeData>(t.app, 'POST', '/api/auth/web/home/data', { token });
    expect(empty).toMatchObject({
      status: 200,
      code: 1,
      data: { basicInfoComplete: false, addressNum: 0, samplingPending: 0, recyclePending: 0, communityNum: 0, communityApplications: 0, cartNum: 0 },
    });
    await addAddress(t, token);
    const other = await login();
    await addAddress(t, other.token);
    await addAddress(t, other.token);
    const res = await call<MemberHomeData>(t.app, 'POST', '/api/auth/web/home/data', { token });
    expect(res.data).toMatchObject({ basicInfoComplete: true, addressNum: 1 });
  });

  it('needs a member token', async () => {
    expect(await call(t.app, 'POST', '/api/auth/web/home/data')).toMatchObject({ status: 401 });
  });
});
