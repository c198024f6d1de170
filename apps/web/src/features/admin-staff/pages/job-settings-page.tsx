import { useEffect } from 'react';
import { Button, Form, InputNumber, Skeleton } from 'antd';
import { jobSettingsBody } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { checkWithSchema } from '../../../lib/schema-form';
import { useJobSettings, useSaveJobSettings } from '../api/job-settings';

interface Values {
  unpaid_cancel_days: number | null;
}

/** /admin/job-settings: the figures the background jobs work by. */
export default function JobSettingsPage() {
  const [form] = Form.useForm<Values>();
  const settings = useJobSettings();
  const save = useSaveJobSettings();

  useEffect(() => {
    if (settings.data) form.setFieldsValue({ unpaid_cancel_days: settings.data.unpaidCancelDays });
  }, [settings.data, form]);

  // the form recipe (docs/web.md): the contract's schema, its first problem under the field
  const submit = (values: Values) => {
    const body = { unpaid_cancel_days: values.unpaid_cancel_days === null ? '' : String(values.unpaid_cancel_days) };
    if (checkWithSchema(jobSettingsBody, body, form)) save.mutate(body);
  };

  return (
    <AdminPage title="后台任务设置" description="系统定时任务使用的参数。">
      <AdminSection>
        {settings.isPending ? (
          <Skeleton active />
        ) : (
          <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={submit}>
            <Form.Item label="未付款订单自动取消" name="unpaid_cancel_days" extra="须预付的订单下单后超过该天数仍未付款，系统自动取消；前一天以站内信和短信提醒会员。" required>
              <InputNumber min={2} max={90} precision={0} suffix="天" style={{ width: 200 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>保存设置</Button>
          </Form>
        )}
      </AdminSection>
    </AdminPage>
  );
}
