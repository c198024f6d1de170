import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { promoterApplyBody, type PromoterApplyBody, type PromotionOverview, type RebatePayout, type UserInfo } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useUserInfo } from '../../../lib/user-info';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { SchemaForm } from '../../../components/schema-form';
import { applyPromoter } from '../api/apply-promoter';
import { formatRate } from './promotion-format';
import { TermsModal } from './partner-terms';

/** After the order completes, how my rebate reaches me (the terms' rule for my customer type). */
const payoutStep: Record<RebatePayout, readonly [string, string]> = {
  cash: ['完成提现', '订单完成后返利转为可提现，可提现到银行卡或转入预存款；订单退款的返利自动退回。'],
  prestore: ['转入预存款', '订单完成后返利直接转入您的预存款账户，可用于支付检测服务（不可提现）；订单退款的返利自动退回。'],
  coupon: ['发放返利券', '订单完成后按返利金额发放无门槛优惠券，可用于支付检测服务（不可提现）；订单退款的返利自动退回。'],
};

/** 推广合伙人计划: what a partner earns and how the money reaches them (the terms' rule for their customer type). */
export function PartnerExplainer({ rateBp, payout }: { rateBp: number; payout: PromotionOverview['payout'] }) {
  const steps = [
    ['提交申请', '填写联系方式和推广渠道，客户经理 1–2 个工作日内审核。'],
    ['分享邀请', '审核通过后，把专属邀请链接或二维码分享给课题组、学院或行业群。'],
    ['好友下单', `好友通过链接注册，每笔付款订单按实付金额的 ${formatRate(rateBp)} 计入您的返利（冻结中）。`],
    payoutStep[payout.kind],
  ] as const;
  return (
    <section className="member-card promo-explainer" aria-label="推广合伙人计划">
      <h2 className="member-card-title">推广合伙人计划</h2>
      <p className="promo-rate">
        返利比例 <strong data-testid="promo-rate">{formatRate(rateBp)}</strong>
        <span>按好友订单实付金额计算，上不封顶</span>
      </p>
      <p className="promo-payout" data-testid="promo-payout">
        返利发放方式：<strong>{payout.text}</strong>
        <span>（{payout.customerType}用户，按《推广合伙人协议》）</span>
      </p>
      <ol className="promo-steps">
        {steps.map(([title, text], index) => (
          <li key={title}>
            <span className="promo-step-no">{index + 1}</span>
            <div>
              <strong>{title}</strong>
              <p>{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

type Values = Partial<Record<keyof PromoterApplyBody, string>>;

const initialValues = (overview: PromotionOverview, info: UserInfo | undefined): Values => {
  if (overview.application) {
    const { name, phone, organization, channel } = overview.application;
    return { name, phone, organization, channel };
  }
  const account = info?.account;
  return { name: account?.name ?? '', phone: account?.phone ?? '', organization: account?.company ?? '', channel: '' };
};

/** The application (or the application again after a refusal), checked with the contract's schema. */
export function ApplyForm({ overview }: { overview: PromotionOverview }) {
  const info = useUserInfo();
  // a first application is filled in from user/info once it arrives (a new form, so its initial values apply)
  const key = overview.application ? 'again' : info.data ? 'ready' : 'loading';
  return <ApplyFormFields key={key} overview={overview} initial={initialValues(overview, info.data)} />;
}

function ApplyFormFields({ overview, initial }: { overview: PromotionOverview; initial: Values }) {
  const [form] = Form.useForm<Values>();
  const [reading, setReading] = useState(false);
  const again = overview.status === 'refused';
  const { terms } = overview;
  const apply = useApiMutation({ mutationFn: applyPromoter, invalidates: memberDataKeys, onSuccess: () => feedback.success('申请已提交，请等待审核') });

  return (
    <section className="member-card promo-apply" aria-label={again ? '重新申请' : '申请成为推广合伙人'}>
      <h2 className="member-card-title">{again ? '重新申请' : '申请成为推广合伙人'}</h2>
      {again ? (
        <Alert className="promo-refused" type="warning" showIcon title="您的申请未通过审核" description={overview.reason ? `原因：${overview.reason}` : '请完善信息后重新提交申请。'} />
      ) : null}
      <SchemaForm
        form={form}
        name="promoter-apply"
        schema={promoterApplyBody}
        layout="vertical"
        className="member-form promo-apply-form"
        initialValues={initial}
        onSubmit={(body) => apply.mutate(body)}
      >
        <div className="promo-apply-grid">
          <Form.Item label="姓名" name="name" required>
            <Input maxLength={30} autoComplete="name" />
          </Form.Item>
          <Form.Item label="联系电话" name="phone" required>
            <Input inputMode="tel" maxLength={11} autoComplete="tel" />
          </Form.Item>
        </div>
        <Form.Item label="单位" name="organization" required>
          <Input maxLength={100} placeholder="学校、学院或公司名称" />
        </Form.Item>
        <Form.Item label="推广渠道" name="channel" required>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 3, maxRows: 6 }} placeholder="例如：所在课题组、学院实验平台、行业交流群等，以及预计推广的人数" />
        </Form.Item>
        {/* the version read is what the server records as accepted; a newer one published meanwhile is refused (409) */}
        <Form.Item
          name="terms_version"
          valuePropName="checked"
          getValueProps={(value: unknown) => ({ checked: Boolean(value) })}
          getValueFromEvent={(event: { target: { checked: boolean } }) => (event.target.checked ? String(terms.version) : '')}
        >
          <Checkbox>
            我已阅读并同意
            <Button type="link" size="small" className="promo-terms-link" onClick={() => setReading(true)}>
              《{terms.title}》
            </Button>
            （第 {terms.version} 版）
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={apply.isPending}>
          {again ? '重新提交申请' : '提交申请'}
        </Button>
      </SchemaForm>
      <TermsModal terms={terms} open={reading} onClose={() => setReading(false)} />
    </section>
  );
}
