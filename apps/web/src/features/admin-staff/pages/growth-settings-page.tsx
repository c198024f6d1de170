import { useEffect } from 'react';
import { Button, Form, InputNumber, Select, Skeleton } from 'antd';
import { adminGrowthSettingsBody, formatFen, type CouponTemplate } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { feedback } from '../../../lib/feedback';
import { SchemaForm } from '../../../components/schema-form';
import { useCouponTemplates, useGrowthSettings, useSaveGrowthSettings } from '../api/growth-settings';

interface Values {
  rebate_rate: number | null;
  points_per_yuan: number | null;
  invite_coupon_rid: string;
  min_withdraw: number | null;
}

const couponText = (template: CouponTemplate) =>
  `${template.name}（${template.amountFen !== null ? `减${formatFen(template.amountFen)}` : `${(10_000 - (template.offRateBp ?? 0)) / 1000}折`}${template.thresholdFen > 0 ? `，满${formatFen(template.thresholdFen)}可用` : ''}）`;

/** /admin/growth-settings: how partners, invited members and points are rewarded. */
export default function GrowthSettingsPage() {
  const [form] = Form.useForm<Values>();
  const settings = useGrowthSettings();
  const templates = useCouponTemplates();
  const save = useSaveGrowthSettings();

  useEffect(() => {
    if (!settings.data) return;
    form.setFieldsValue({
      rebate_rate: settings.data.rebateRateBp / 100,
      points_per_yuan: settings.data.pointsPerYuan,
      invite_coupon_rid: settings.data.inviteCouponTemplateRid ?? '',
      min_withdraw: settings.data.minWithdrawFen / 100,
    });
  }, [settings.data, form]);

  /** the form's values as the call takes them: numbers as text */
  const bodyOf = (values: Values) => ({
    rebate_rate: values.rebate_rate === null ? '' : String(values.rebate_rate),
    points_per_yuan: values.points_per_yuan === null ? '' : String(values.points_per_yuan),
    invite_coupon_rid: values.invite_coupon_rid ?? '',
    min_withdraw: values.min_withdraw === null ? '' : String(values.min_withdraw),
  });

  const couponOptions = [{ value: '', label: '不赠送' }, ...(templates.data ?? []).map((t) => ({ value: t.rid, label: couponText(t) }))];

  return (
    <AdminPage title="推广与积分设置" description="推广合伙人的返利、被邀请新会员的优惠券、消费积分和最低提现金额。修改只影响之后发生的订单与注册。">
      <AdminSection>
        {settings.isPending ? (
          <Skeleton active />
        ) : (
          <SchemaForm
            form={form}
            name="growth-settings"
            schema={adminGrowthSettingsBody}
            body={bodyOf}
            layout="vertical"
            style={{ maxWidth: 560 }}
            onSubmit={(_checked, values) => save.mutate(bodyOf(values), { onSuccess: () => feedback.success('设置已保存') })}
          >
            <Form.Item label="合伙人返利比例" name="rebate_rate" extra="被邀请会员每笔已支付订单金额的百分比；订单完成后可提现。" required>
              <InputNumber min={0} max={30} step={0.5} precision={2} suffix="%" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item label="消费积分" name="points_per_yuan" extra="每支付 1 元获得的积分；0 表示不送积分。" required>
              <InputNumber min={0} max={100} precision={0} suffix="积分/元" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item label="新会员优惠券" name="invite_coupon_rid" extra="通过邀请链接注册的新会员自动获得的优惠券。">
              <Select options={couponOptions} loading={templates.isPending} />
            </Form.Item>
            <Form.Item label="最低提现金额" name="min_withdraw" required>
              <InputNumber min={0} max={100000} precision={2} prefix="¥" style={{ width: 200 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>保存设置</Button>
          </SchemaForm>
        )}
      </AdminSection>
    </AdminPage>
  );
}
