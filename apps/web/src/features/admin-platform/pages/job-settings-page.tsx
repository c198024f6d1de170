import { useEffect } from 'react';
import { Button, Form, InputNumber, Skeleton, Switch } from 'antd';
import { jobSettingsBody, REMINDER_END_HOUR, type JobSettings } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { SchemaForm } from '../../../components/schema-form';
import { useJobSettings, useSaveJobSettings, type JobSettingsForm } from '../api/job-settings';

interface Values {
  unpaid_cancel_days: number | null;
  reminder_hour: number | null;
  coupon_reminder_days: number | null;
  raw_data_retention_days: number | null;
  retention_reminder_days: number | null;
  promise_alert_sms: boolean;
  reconcile_hour: number | null;
  auto_confirm_days: number | null;
  booking_cancel_hours: number | null;
  wait_offer_minutes: number | null;
  no_show_limit: number | null;
  no_show_days: number | null;
  /** yuan */
  vault_gb_year: number | null;
}

const toValues = (settings: JobSettings): Values => ({
  unpaid_cancel_days: settings.unpaidCancelDays,
  reminder_hour: settings.reminderHour,
  coupon_reminder_days: settings.couponReminderDays,
  raw_data_retention_days: settings.rawDataRetentionDays,
  retention_reminder_days: settings.retentionReminderDays,
  promise_alert_sms: settings.promiseAlertSms,
  reconcile_hour: settings.reconcileHour,
  auto_confirm_days: settings.autoConfirmDays,
  booking_cancel_hours: settings.bookingCancelHours,
  wait_offer_minutes: settings.waitOfferMinutes,
  no_show_limit: settings.noShowLimit,
  no_show_days: settings.noShowDays,
  vault_gb_year: settings.vaultGbYearFen / 100,
});

const text = (value: number | null) => (value === null ? '' : String(value));

/** The form's values as the call takes them: numbers as text, the switch as '1'/'0'. */
const formBody = (values: Values): JobSettingsForm => ({
  unpaid_cancel_days: text(values.unpaid_cancel_days),
  reminder_hour: text(values.reminder_hour),
  coupon_reminder_days: text(values.coupon_reminder_days),
  raw_data_retention_days: text(values.raw_data_retention_days),
  retention_reminder_days: text(values.retention_reminder_days),
  promise_alert_sms: values.promise_alert_sms ? '1' : '0',
  reconcile_hour: text(values.reconcile_hour),
  auto_confirm_days: text(values.auto_confirm_days),
  booking_cancel_hours: text(values.booking_cancel_hours),
  wait_offer_minutes: text(values.wait_offer_minutes),
  no_show_limit: text(values.no_show_limit),
  no_show_days: text(values.no_show_days),
  vault_gb_year: text(values.vault_gb_year),
});

/** /admin/job-settings: the figures the background jobs work by. */
export default function JobSettingsPage() {
  const [form] = Form.useForm<Values>();
  const settings = useJobSettings();
  const save = useSaveJobSettings();

  useEffect(() => {
    if (settings.data) form.setFieldsValue(toValues(settings.data));
  }, [settings.data, form]);


  return (
    <AdminPage title="后台任务设置" description="系统定时任务使用的参数。">
      <AdminSection>
        {settings.isPending ? (
          <Skeleton active />
        ) : (
          <SchemaForm form={form} name="job-settings" schema={jobSettingsBody} body={formBody} layout="vertical" style={{ maxWidth: 560 }} onSubmit={(_checked, values) => save.mutate(formBody(values))}>
            <Form.Item label="未付款订单自动取消" name="unpaid_cancel_days" extra="须预付的订单下单后超过该天数仍未付款，系统自动取消；前一天以站内信和短信提醒会员。" required>
              <InputNumber min={2} max={90} precision={0} suffix="天" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item label="数据交付后自动确认" name="auto_confirm_days" extra="数据交付后超过该天数，会员既未确认数据也未申请复测时，系统自动确认并完成订单；前一天以站内信和短信提醒会员。" required>
              <InputNumber min={3} max={60} precision={0} suffix="天" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item label="提醒发送时间" name="reminder_hour" extra={`上门取样（前一天，同时提醒实验室员工）、优惠券到期、数据保存到期的提醒，每天从该时间起发送，${REMINDER_END_HOUR}点后不发。`} required>
              <InputNumber min={6} max={REMINDER_END_HOUR - 1} precision={0} suffix="点起" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item label="优惠券到期提醒" name="coupon_reminder_days" extra="未使用的优惠券在到期前该天数内提醒会员一次。" required>
              <InputNumber min={1} max={30} precision={0} prefix="提前" suffix="天" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item label="原始数据保存天数" name="raw_data_retention_days" extra="实验室在数据交付后保存原始数据的天数。" required>
              <InputNumber min={30} max={3650} precision={0} suffix="天" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item label="数据保存到期提醒" name="retention_reminder_days" extra="保存期结束前该天数提醒会员下载报告和数据。" required>
              <InputNumber min={1} max={60} precision={0} prefix="提前" suffix="天" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item label="服务承诺短信提醒" name="promise_alert_sms" valuePropName="checked" extra="服务承诺到期前30分钟，除系统提醒外，另发短信给负责岗位的员工（到样回访：销售；数据通知与样品回寄：实验室）。">
              <Switch checkedChildren="发送" unCheckedChildren="不发" />
            </Form.Item>
            <Form.Item label="在线支付对账时间" name="reconcile_hour" extra="每天从该时间起下载前一天的微信支付、支付宝账单与本地记录核对（微信支付账单10点后可下载，支付宝9点后）；下载失败的每小时重试。" required>
              <InputNumber min={9} max={23} precision={0} suffix="点起" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item label="仪器预约取消截止" name="booking_cancel_hours" extra="会员可在预约开始前该小时数以前在线取消，之后需联系实验室。" required>
              <InputNumber min={1} max={168} precision={0} prefix="开始前" suffix="小时" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item label="候补保留时长" name="wait_offer_minutes" extra="已约满的时段空出时，依次通知候补会员（站内信和短信）并为其保留该时长，逾期顺延给下一位。" required>
              <InputNumber min={10} max={1440} precision={0} suffix="分钟" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item label="爽约次数上限" name="no_show_limit" extra="预约开始后30分钟内未上机记为爽约；统计天数内爽约达到该次数，暂停预约，直至员工在「仪器预约」中解除。" required>
              <InputNumber min={1} max={20} precision={0} suffix="次" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item label="爽约统计天数" name="no_show_days" extra="统计最近该天数内的爽约次数。" required>
              <InputNumber min={7} max={365} precision={0} prefix="最近" suffix="天" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item label="数据保管延期单价" name="vault_gb_year" extra="会员在数据保管箱延长原始数据保存期时，每GB每年的价格；费用 = 总大小向上取整的GB数 × 年数 × 单价。已下单的按下单时的单价。" required>
              <InputNumber min={0.01} max={10000} precision={2} prefix="¥" suffix="/ GB / 年" style={{ width: 200 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>保存设置</Button>
          </SchemaForm>
        )}
      </AdminSection>
    </AdminPage>
  );
}
