import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_JOB_SETTINGS } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import JobSettingsPage from './job-settings-page';

afterEach(() => staffSession.clearSession());

const login = () => staffSession.saveSession({ token: 'staff', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

describe('后台任务设置 screen', () => {
  it('shows the jobs\' figures, refuses a reminder lead not shorter than the retention under its field, and saves every field', { timeout: 60_000 }, async () => {
    login();
    const { calls } = mockApi({
      '/api/admin/jobs/settings': { data: DEFAULT_JOB_SETTINGS },
      '/api/admin/jobs/settings/save': (call) => ({ data: { ...DEFAULT_JOB_SETTINGS, couponReminderDays: Number(call.form.get('coupon_reminder_days')), promiseAlertSms: call.form.get('promise_alert_sms') === '1' }, msg: '设置已保存' }),
    });
    renderApp(<JobSettingsPage />, { path: '/admin/job-settings' });

    const coupon = await screen.findByLabelText('优惠券到期提醒');
    expect(coupon).toHaveValue('3');
    expect(screen.getByLabelText('原始数据保存天数')).toHaveValue('180');
    expect(screen.getByLabelText('服务承诺短信提醒')).toBeChecked();
    const autoConfirm = screen.getByLabelText('数据交付后自动确认');
    expect(autoConfirm).toHaveValue('10');
    await userEvent.clear(autoConfirm);
    await userEvent.type(autoConfirm, '14');
    // the instrument bookings' figures
    const cancelHours = screen.getByLabelText('仪器预约取消截止');
    expect(cancelHours).toHaveValue('24');
    await userEvent.clear(cancelHours);
    await userEvent.type(cancelHours, '12');
    expect(screen.getByLabelText('候补保留时长')).toHaveValue('60');
    expect(screen.getByLabelText('爽约次数上限')).toHaveValue('3');
    expect(screen.getByLabelText('爽约统计天数')).toHaveValue('90');

    const retention = screen.getByLabelText('原始数据保存天数');
    await userEvent.clear(retention);
    await userEvent.type(retention, '30');
    const lead = screen.getByLabelText('数据保存到期提醒');
    await userEvent.clear(lead);
    await userEvent.type(lead, '40');
    await userEvent.click(screen.getByRole('button', { name: '保存设置' }));
    expect(await screen.findByText('[数据保存到期提醒]须少于保存天数')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/admin/jobs/settings/save')).toBe(false);

    await userEvent.clear(lead);
    await userEvent.type(lead, '7');
    await userEvent.clear(coupon);
    await userEvent.type(coupon, '5');
    await userEvent.click(screen.getByLabelText('服务承诺短信提醒'));
    await userEvent.click(screen.getByRole('button', { name: '保存设置' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/admin/jobs/settings/save')).toBe(true));
    const sent = calls.find((call) => call.path === '/api/admin/jobs/settings/save')!.form;
    expect(Object.fromEntries(sent.entries())).toEqual({
      unpaid_cancel_days: '7',
      reminder_hour: '9',
      coupon_reminder_days: '5',
      raw_data_retention_days: '30',
      retention_reminder_days: '7',
      promise_alert_sms: '0',
      reconcile_hour: '10',
      auto_confirm_days: '14',
      booking_cancel_hours: '12',
      wait_offer_minutes: '60',
      no_show_limit: '3',
      no_show_days: '90',
      vault_gb_year: '30',
    });
    expect(await screen.findByText('设置已保存')).toBeInTheDocument();
  });
});
