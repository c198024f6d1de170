import { Checkbox, Radio } from 'antd';
import type { OnlinePayVendor } from '@lab/contract';
import { PAY_VENDORS, VendorMark } from '../../../components/online-pay/vendor';
import { detectPayDevice } from '../../../lib/pay-scene';

/** 预存款 (a balance pays it all), or online with 微信支付 / 支付宝 (the balance may pay part). */
export type PayMethod = 'balance' | OnlinePayVendor;

export const isOnline = (method: PayMethod): method is OnlinePayVendor => method !== 'balance';

/** What the balance pays and what is left to pay online, when the balance is used to pay part. */
export function onlineSplit(toPayFen: number, balanceFen: number, useBalance: boolean) {
  const fromBalance = useBalance ? Math.max(0, Math.min(balanceFen, toPayFen)) : 0;
  return { balanceFen: fromBalance, onlineFen: toPayFen - fromBalance };
}

const vendorMeta = (vendor: OnlinePayVendor) => {
  const device = detectPayDevice();
  if (vendor === 'wechat') return device === 'desktop' ? '扫码支付' : '跳转微信支付';
  return device === 'desktop' ? '网页支付' : '跳转支付宝';
};

interface PayMethodChoiceProps {
  value: PayMethod;
  onChange: (method: PayMethod) => void;
  /** the balance option's words (预存款支付 / 预存款结算) */
  balanceLabel: string;
  /** online: whether part of the amount comes out of a balance (left out: no 余额抵扣, as for a settlement) */
  useBalance?: boolean;
  onUseBalanceChange?: (use: boolean) => void;
  /** no balance to deduct from: the 余额抵扣 box is left out */
  canUseBalance?: boolean;
}

/** 支付方式: the balance, 微信支付 or 支付宝; for the two online ways, 余额抵扣. */
export function PayMethodChoice({ value, onChange, balanceLabel, useBalance = false, onUseBalanceChange, canUseBalance = false }: PayMethodChoiceProps) {
  return (
    <fieldset className="pay-fieldset">
      <legend>支付方式</legend>
      <Radio.Group className="pay-options is-row pay-methods" value={value} onChange={(e) => onChange(e.target.value as PayMethod)} aria-label="支付方式">
        <Radio value="balance" className="pay-option">
          <span className="pay-option-name">{balanceLabel}</span>
          <span className="pay-option-meta">余额即时支付</span>
        </Radio>
        {PAY_VENDORS.map((vendor) => (
          <Radio key={vendor} value={vendor} className="pay-option">
            <VendorMark vendor={vendor} />
            <span className="pay-option-meta">{vendorMeta(vendor)}</span>
          </Radio>
        ))}
      </Radio.Group>
      {isOnline(value) && canUseBalance && onUseBalanceChange ? (
        <Checkbox className="pay-use-balance" checked={useBalance} onChange={(e) => onUseBalanceChange(e.target.checked)}>
          余额抵扣（预存款余额先付，不足部分在线支付）
        </Checkbox>
      ) : null}
    </fieldset>
  );
}
