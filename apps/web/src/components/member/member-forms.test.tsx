import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render';
import { mockApi } from '../../testing/fetch-mock';
import { saveSession } from '../../lib/session';
import { AttestationForm } from './attestation-form';
import SamplingDialog from './sampling-dialog';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
const emptyProfile = { name: null, email: null, organization: null, company: null, teacher: null, teacher_phone: null, teacher_mail: null, province: null, city: null, area: null, address_code: null, address: null, attestedAt: null };

describe('attestation form', () => {
  it('only 学生 is selectable; the first missing field shows its 「」 message and nothing is sent', async () => {
    login();
    const { calls } = mockApi({ '/api/auth/user/profile': { data: emptyProfile } });
    renderApp(<AttestationForm />);
    const submit = await screen.findByRole('button', { name: '提交认证' });
    expect(screen.getByRole('radio', { name: '学生' })).toBeChecked();
    for (const other of ['老师', '个人', '企业']) expect(screen.getByRole('radio', { name: other })).toBeDisabled();
    await userEvent.click(submit);
    expect(await screen.findByText('「姓名」不能为空')).toBeInTheDocument();
    expect(screen.queryByText('「邮箱」不能为空')).toBeNull();
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '李同学' } });
    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'li@example.edu.cn' } });
    fireEvent.change(screen.getByLabelText('单位名称'), { target: { value: '复旦大学' } });
    await userEvent.click(submit);
    expect(await screen.findByText('「导师/负责人」不能为空')).toBeInTheDocument();
    expect(screen.getByLabelText('导师手机')).toHaveAttribute('maxlength', '11');
    expect(calls.some((c) => c.path === '/api/auth/user/update4profile')).toBe(false);
  }, 40_000);

  it('a teacher verified by staff sees 老师 chosen, no advisor fields, and saves under that type', async () => {
    login();
    const teacher = { ...emptyProfile, name: '陈老师', email: 'chen@example.edu.cn', organization: 3, company: '上海交通大学', province: '上海市', city: '上海市', area: '闵行区', address_code: '310112', address: '东川路800号', attestedAt: '2026-11-01T02:00:00Z' };
    const { calls } = mockApi({ '/api/auth/user/profile': { data: teacher }, '/api/auth/user/update4profile': { data: teacher, msg: '操作成功!' } });
    renderApp(<AttestationForm submitText="保存资料" />);
    const submit = await screen.findByRole('button', { name: '保存资料' });
    expect(screen.getByRole('radio', { name: '老师' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '学生' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '学生' })).toBeDisabled();
    expect(screen.getByText('您的用户类型已由客服认证为「老师」，提交资料不会改变该类型。')).toBeInTheDocument();
    for (const advisor of ['导师/负责人', '导师手机', '导师邮箱']) expect(screen.queryByLabelText(advisor)).toBeNull();
    await userEvent.click(submit);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/user/update4profile')).toBe(true));
    const sent = calls.find((c) => c.path === '/api/auth/user/update4profile')!;
    expect(sent.form.get('organization')).toBe('3');
    expect(sent.form.get('teacher')).toBeNull();
  }, 40_000);
});

const setting = {
  disabled_date: [],
  disabled_date_time: [],
  disabled_time: '11:00',
  disabled_week: [],
  invalid_disabled_date: [],
  sampling_time1: '09:00',
  sampling_time2: '11:00',
  sampling_time3: '14:00',
  sampling_time4: '16:00',
  WxTip1: '上门取样仅限上海市、苏州市',
};
const address = (rid: string, city: string, disabled: boolean) => ({
  rid,
  address_rid: rid,
  name: '赵同学',
  phone: '13800138000',
  province: city === '北京市' ? '北京市' : '江苏省',
  city,
  area: city === '北京市' ? '海淀区' : '姑苏区',
  address: city === '北京市' ? '中关村北大街 100 号' : '干将东路 333 号',
  address_code: city === '北京市' ? '110108' : '320508',
  default: disabled ? 0 : 1,
  disabled,
});

describe('home sampling dialog', () => {
  it('disables an address outside the pickup cities, asks for a date first, and shows self-send details', async () => {
    login();
    const { calls } = mockApi({
      '/api/open/setting': { data: { allowRegion: ['310000', '320500'], samplingSetting: setting, localInfo: { address: '上海', phone: '021-64850000', email: 'a@b.cn', express: '上海市徐汇区桂平路 680 号 样品室' } } },
      '/api/auth/address/list': { data: [address('a1', '苏州市', false), address('a2', '北京市', true)] },
    });
    renderApp(<SamplingDialog />);
    const dialog = await screen.findByRole('dialog', { name: '上门取样' });
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: /干将东路/ })).toBeChecked());
    expect(within(dialog).getByRole('radio', { name: /中关村/ })).toBeDisabled();
    // slots wait for a date
    for (const slot of ['09:00', '11:00', '14:00', '16:00']) expect(within(dialog).getByRole('radio', { name: slot })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: '提交预约' }));
    expect(await within(dialog).findByText('[取样日期]不能为空')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/sampling/add')).toBe(false);
    await userEvent.click(within(dialog).getByText('自行寄样'));
    expect(await within(dialog).findByTestId('self-send')).toHaveTextContent('桂平路 680 号');
  }, 40_000);
});
