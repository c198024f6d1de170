import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SiteSettings } from '@lab/contract';
import type React from 'react';
import { renderApp } from '../../../testing/render';
import { mockApi, type MockCall } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import { AllowRegionForm } from './allow-region-form';
import { LocalInfoForm } from './local-info-form';
import { AgreementRuleForm } from './agreement-rule-form';
import { SamplingSettingForm } from './sampling-setting-form';

const settings: SiteSettings = {
  allowRegion: ['310000', '310100', '320500'],
  samplingSetting: {
    disabled_date: ['2026-10-01', '2026-10-02'],
    disabled_date_time: ['2026-09-30 14:00'],
    disabled_time: null,
    disabled_week: [0],
    invalid_disabled_date: [],
    sampling_time1: '09:00',
    sampling_time2: '11:00',
    sampling_time3: '14:00',
    sampling_time4: '16:00',
    WxTip1: '上门取样仅限上海市、苏州市',
  },
  localInfo: { address: '上海市徐汇区桂平路 680 号', phone: '400-820-6688', email: 'service@labtest.cn', express: '样品接收组 收' },
  identity: { icp: '', police: '', policeCode: '', company: '', licenceImg: '', founded: null, qrOfficial: '', qrConsult: '', qrMiniapp: '' },
  agreementRule: { fromFen: null },
};

afterEach(() => staffSession.clearSession());

/** Each section of the settings screen on its own: the screen is the three side by side. */
function open(ui: React.ReactElement) {
  staffSession.saveSession({ token: 'staff', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
  const api = mockApi({
    '/api/admin/content/settings': { data: settings },
    '/api/admin/content/settings/allowRegion': (call) => ({ data: JSON.parse(call.form.get('allowRegion') ?? '[]') as string[], msg: '开放地区已保存' }),
    '/api/admin/content/settings/sampling': { data: settings.samplingSetting },
    '/api/admin/content/settings/localInfo': { data: settings.localInfo },
    '/api/admin/content/settings/agreementRule': (call) => ({ data: { fromFen: Math.round(Number(call.form.get('from')) * 100) }, msg: '协议签署要求已保存' }),
  });
  renderApp(ui, { path: '/admin/content/settings' });
  return api;
}

const sent = (calls: MockCall[], path: string) => calls.find((call) => call.path === path)?.form;

describe('站点设置 sections', () => {
  it('sends the pickup calendar as the sampling call takes it, with a weekday ticked', { timeout: 60_000 }, async () => {
    const { calls } = open(<SamplingSettingForm saved={settings.samplingSetting} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: '周六' }));
    await userEvent.click(screen.getByRole('button', { name: '保存上门取样设置' }));
    await waitFor(() => expect(sent(calls, '/api/admin/content/settings/sampling')).toBeDefined());
    expect(Object.fromEntries(sent(calls, '/api/admin/content/settings/sampling')!)).toEqual({
      disabled_date: '2026-10-01,2026-10-02',
      disabled_date_time: '2026-09-30 14:00',
      disabled_time: '',
      disabled_week: '0,6',
      invalid_disabled_date: '',
      sampling_time1: '09:00',
      sampling_time2: '11:00',
      sampling_time3: '14:00',
      sampling_time4: '16:00',
      WxTip1: '上门取样仅限上海市、苏州市',
    });
    expect(await screen.findByText('上门取样设置已保存')).toBeInTheDocument();
  });

  it('refuses a bad e-mail before any call, with the contract’s message', { timeout: 60_000 }, async () => {
    const { calls } = open(<LocalInfoForm saved={settings.localInfo} />);
    const email = await screen.findByLabelText('联系邮箱');
    await userEvent.clear(email);
    await userEvent.paste('lab@');
    await userEvent.click(screen.getByRole('button', { name: '保存联系信息' }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    // antd draws the message a moment after it marks the field
    expect(await screen.findByText('[联系邮箱]格式不正确')).toBeInTheDocument();
    expect(sent(calls, '/api/admin/content/settings/localInfo')).toBeUndefined();

    await userEvent.type(email, 'labtest.cn');
    await waitFor(() => expect(screen.queryByText('[联系邮箱]格式不正确')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: '保存联系信息' }));
    await waitFor(() => expect(sent(calls, '/api/admin/content/settings/localInfo')?.get('email')).toBe('lab@labtest.cn'));
    expect(await screen.findByText('联系信息已保存')).toBeInTheDocument();
  });

  it('names slots out of order under 取样时段 before any call', { timeout: 60_000 }, async () => {
    const { calls } = open(<SamplingSettingForm saved={{ ...settings.samplingSetting, sampling_time2: '08:00' }} />);
    await userEvent.click(await screen.findByRole('button', { name: '保存上门取样设置' }));
    const problem = await screen.findByText('[取样时段]应按时间先后填写且不能重复');
    expect(problem.closest('.ant-form-item')).toHaveTextContent(/^取样时段/);
    expect(sent(calls, '/api/admin/content/settings/sampling')).toBeUndefined();
  });

  it('shows the pickup regions by name without the covered city, and saves what is left after removing one', { timeout: 60_000 }, async () => {
    const { calls } = open(<AllowRegionForm saved={settings.allowRegion} />);
    await screen.findByText('江苏省 / 苏州市', undefined, { timeout: 15_000 });
    const chosen = screen.getByLabelText('已开放的地区');
    await waitFor(() => expect(within(chosen).getAllByText(/市$/).map((tag) => tag.textContent)).toEqual(['上海市', '江苏省 / 苏州市']));
    expect(screen.getByRole('button', { name: '保存开放地区' })).toBeDisabled();

    await userEvent.click(screen.getByLabelText('移除 上海市'));
    await userEvent.click(screen.getByRole('button', { name: '保存开放地区' }));
    await waitFor(() => expect(sent(calls, '/api/admin/content/settings/allowRegion')).toBeDefined());
    expect(sent(calls, '/api/admin/content/settings/allowRegion')!.get('allowRegion')).toBe('["320500"]');
    expect(await screen.findByText('开放地区已保存')).toBeInTheDocument();
  });

  it('委托协议签署要求: refuses an amount that is not one before any call, saves yuan as the call takes it', { timeout: 60_000 }, async () => {
    const { calls } = open(<AgreementRuleForm saved={settings.agreementRule} />);
    const from = await screen.findByLabelText('订单应付金额达到（元）');
    await userEvent.type(from, '一万');
    await userEvent.click(screen.getByRole('button', { name: '保存签署要求' }));
    await waitFor(() => expect(from).toHaveAttribute('aria-invalid', 'true'));
    expect(sent(calls, '/api/admin/content/settings/agreementRule')).toBeUndefined();
    await userEvent.clear(from);
    await userEvent.type(from, '10000');
    await userEvent.click(screen.getByRole('button', { name: '保存签署要求' }));
    await waitFor(() => expect(sent(calls, '/api/admin/content/settings/agreementRule')?.get('from')).toBe('10000.00'));
    expect(await screen.findByText('协议签署要求已保存')).toBeInTheDocument();
  });
});
