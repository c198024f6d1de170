import { useEffect } from 'react';
import { Alert, Button, Form, InputNumber, Select, Skeleton } from 'antd';
import { adminGrowthSettingsBody, formatFen, PAYOUT_CUSTOMER_TYPES, payoutCustomerTypeLabels, REBATE_PAYOUTS, rebatePayoutLabels, type CouponTemplate, type RebatePayout } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { feedback } from '../../../lib/feedback';
import { SchemaForm } from '../../../components/schema-form';
import { useCouponTemplates, useGrowthSettings, useSaveGrowthSettings } from '../api/growth-settings';

interface Values {
  rebate_rate: number | null;
  points_per_yuan: number | null;
  invite_coupon_rid: string;
  min_withdraw: number | null;
  payout_0: RebatePayout;
  payout_3: RebatePayout;
  payout_1: RebatePayout;
  payout_2: RebatePayout;
  coupon_days: number | null;
}

const payoutOptions = REBATE_PAYOUTS.map((value) => ({ value, label: rebatePayoutLabels[value] }));

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
      payout_0: settings.data.rebatePayout['0'],
      payout_3: settings.data.rebatePayout['3'],
      payout_1: settings.data.rebatePayout['1'],
      payout_2: settings.data.rebatePayout['2'],
      coupon_days: settings.data.rebateCouponDays,
    });
  }, [settings.data, form]);

  /** the form's values as the call takes them: numbers as text */
  const bodyOf = (values: Values) => ({
    rebate_rate: values.rebate_rate === null ? '' : String(values.rebate_rate),
    points_per_yuan: values.points_per_yuan === null ? '' : String(values.points_per_yuan),
    invite_coupon_rid: values.invite_coupon_rid ?? '',
    min_withdraw: values.min_withdraw === null ? '' : String(values.min_withdraw),
    payout_0: values.payout_0,
    payout_3: values.payout_3,
    payout_1: values.payout_1,
    payout_2: values.payout_2,
    coupon_days: values.coupon_days === null ? '' : String(values.coupon_days),
  });
  const submit = (values: Values) => {
    const before = settings.data?.termsVersion;
    save.mutate(bodyOf(values), {
      onSuccess: (saved) => {
        feedback.success(before !== undefined && saved.termsVersion !== before ? `设置已保存，已发布《推广合伙人协议》第 ${saved.termsVersion} 版` : '设置已保存');
      },
    });
  };

  const couponOptions = [{ value: '', label: '不赠送' }, ...(templates.data ?? []).map((t) => ({ value: t.rid, label: couponText(t) }))];

  return (
    <AdminPage title="推广与积分设置" description="推广合伙人的返利比例与发放方式、被邀请新会员的优惠券、消费积分和最低提现金额。修改只影响之后发生的订单与注册；返利在订单完成时按当时的协议发放。">
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
            onSubmit={(_checked, values) => submit(values)}
          >
            <Form.Item label="合伙人返利比例" name="rebate_rate" extra="被邀请会员每笔已支付订单金额的百分比；订单完成后按下方发放方式发放。" required>
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
            <fieldset aria-label="返利发放方式" style={{ border: 'none', padding: 0, margin: '8px 0 0' }}>
              <legend style={{ fontWeight: 600, marginBottom: 12 }}>返利发放方式（按合伙人的用户类型）</legend>
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                title="高校师生的同事、同学多以科研经费下单，以现金向个人支付返利可能违反反不正当竞争法和科研经费管理规定；建议学生、老师选择转入预存款或优惠券。"
                description={`发放方式写入《推广合伙人协议》（当前第 ${settings.data?.termsVersion ?? 1} 版）。修改返利比例、发放方式或返利券有效期将发布新版协议，合伙人同意后方可继续提现；已到可提现余额的返利仍可提现。`}
              />
              <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', columnGap: 16 }}>
                {PAYOUT_CUSTOMER_TYPES.map((type) => (
                  <Form.Item key={type} label={`${payoutCustomerTypeLabels[type]}用户`} name={`payout_${type}`} required>
                    <Select options={payoutOptions} aria-label={`${payoutCustomerTypeLabels[type]}用户返利发放方式`} />
                  </Form.Item>
                ))}
              </div>
              <Form.Item label="返利券有效期" name="coupon_days" extra="以优惠券发放的返利：无门槛，全部服务可用。" required>
                <InputNumber min={7} max={3650} precision={0} suffix="天" style={{ width: 200 }} />
              </Form.Item>
            </fieldset>
            <Button type="primary" htmlType="submit" loading={save.isPending}>保存设置</Button>
          </SchemaForm>
        )}
      </AdminSection>
    </AdminPage>
  );
}
