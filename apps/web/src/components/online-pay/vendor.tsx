import { AlipayCircleFilled, WechatFilled } from '@ant-design/icons';
import { Radio } from 'antd';
import { PAY_VENDOR_NAMES, type OnlinePayVendor } from '@lab/contract';
import './online-pay.css';

export const PAY_VENDORS: readonly OnlinePayVendor[] = ['wechat', 'alipay'];

/** The vendor's mark in its own colour, and its name. */
export function VendorMark({ vendor }: { vendor: OnlinePayVendor }) {
  return (
    <span className={`olp-vendor is-${vendor}`}>
      {vendor === 'wechat' ? <WechatFilled aria-hidden /> : <AlipayCircleFilled aria-hidden />}
      <span>{PAY_VENDOR_NAMES[vendor]}</span>
    </span>
  );
}

/** 微信支付 / 支付宝 as two cards to choose from (a top-up). */
export function VendorOptions({ value, onChange, legend = '支付方式' }: { value: OnlinePayVendor; onChange: (vendor: OnlinePayVendor) => void; legend?: string }) {
  return (
    <fieldset className="olp-fieldset">
      <legend>{legend}</legend>
      <Radio.Group className="olp-options" value={value} onChange={(e) => onChange(e.target.value as OnlinePayVendor)} aria-label={legend}>
        {PAY_VENDORS.map((vendor) => (
          <Radio key={vendor} value={vendor} className="olp-option">
            <VendorMark vendor={vendor} />
          </Radio>
        ))}
      </Radio.Group>
    </fieldset>
  );
}
