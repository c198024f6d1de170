import { Alert, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { formatFen, PAY_VENDOR_NAMES, type AssetOverview, type OnlinePaymentView, type OnlinePayVendor, type PrestoreReady } from '@lab/contract';
import { VendorOptions } from '../../../components/online-pay/vendor';
import { useOnlinePay } from '../../../components/online-pay/use-online-pay';
import { memberDataKeys } from '../../../api/refresh';
import { z } from 'zod';
import { topupAmount, topupFen } from './money';
import { SchemaForm } from '../../../components/schema-form';
import { BonusPreview } from './prestore-form';

interface Values {
  amount?: string;
  target?: string;
}

/**
 * 在线充值: an amount (yuan) to my funds or a community's, paid with 微信支付 or 支付宝 — the QR on a
 * computer, the vendor's page on a phone. The balance counts the money once the gateway's
 * verified notice (or the server's query) says it was paid; bank transfer (预存申请) stays below.
 */
export function OnlineTopup({ ready, communities }: { ready: Pick<PrestoreReady, 'minAmountFen' | 'rules'>; communities: AssetOverview['communities'] }) {
  const [form] = Form.useForm<Values>();
  const amount = Form.useWatch('amount', form) ?? '';
  const [vendor, setVendor] = useState<OnlinePayVendor>('wechat');
  const [paid, setPaid] = useState<OnlinePaymentView | null>(null);
  const pay = useOnlinePay({
    invalidates: memberDataKeys,
    onPaid: (payment) => {
      setPaid(payment);
      form.resetFields();
    },
  });

  const fen = topupFen(amount, ready.minAmountFen);
  const submit = (values: Values) => {
    setPaid(null);
    pay.start({ purpose: 'topup', vendor, amount: (values.amount ?? '').trim(), ...(values.target ? { community_rid: values.target } : {}) });
  };

  return (
    <section className="member-card funds-online" aria-label="在线充值">
      <h2 className="member-card-title">在线充值</h2>
      <p className="member-muted funds-online-lead">使用微信支付或支付宝充值，支付成功后即时到账（满额赠送同对公转账），可直接用于支付检测订单。</p>
      {paid ? (
        <Alert
          className="funds-created"
          type="success"
          showIcon
          title={`充值成功，${formatFen(paid.amountFen)} 已存入预存款`}
          description={paid.note || `支付单号 ${paid.paymentNo}`}
          closable={{ onClose: () => setPaid(null) }}
        />
      ) : null}
      <SchemaForm
        form={form}
        name="online-topup"
        schema={z.object({ amount: topupAmount(ready.minAmountFen) })}
        layout="vertical"
        className="member-form funds-online-form"
        onSubmit={(_checked, values) => submit(values)}
        initialValues={{ amount: '', target: '' }}
      >
        <Form.Item label="充值金额（元）" name="amount" required extra={<BonusPreview amount={amount} ready={ready} />}>
          <Input inputMode="decimal" prefix="¥" placeholder={`不少于 ${ready.minAmountFen / 100} 元，最多两位小数`} maxLength={16} />
        </Form.Item>
        {communities.length > 0 ? (
          <Form.Item label="充值到" name="target">
            <Select options={[{ value: '', label: '我的账户' }, ...communities.map((c) => ({ value: c.rid, label: `科研团体：${c.name}` }))]} />
          </Form.Item>
        ) : null}
        <VendorOptions value={vendor} onChange={setVendor} />
        <Button className="funds-online-submit" type="primary" htmlType="submit" loading={pay.isPending} block>
          {fen !== null ? `${PAY_VENDOR_NAMES[vendor]} ${formatFen(fen)}` : `${PAY_VENDOR_NAMES[vendor]}充值`}
        </Button>
      </SchemaForm>
      {pay.dialog}
    </section>
  );
}
