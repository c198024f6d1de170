import { Radio, Tag, Tooltip } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { PICKUP_REGION_CLOSED_MESSAGE, type AddressEntity } from '@lab/contract';

export const formatAddress = (a: Pick<AddressEntity, 'province' | 'city' | 'area' | 'address'>) =>
  [a.province, a.city === a.province ? '' : a.city, a.area, a.address].filter(Boolean).join(' ');

/**
 * The member's addresses to pick a pickup address from (the pickup dialog and the order
 * form): addresses where pickup is not offered are disabled, with the spec's reason.
 * Works as an antd form control (value / onChange).
 */
export function PickupAddressChoice({
  addresses,
  value,
  onChange,
  ariaLabel = '取样地址',
}: {
  addresses: AddressEntity[];
  value?: string | undefined;
  onChange?: (rid: string) => void;
  ariaLabel?: string;
}) {
  return (
    <Radio.Group className="address-choice" value={value} onChange={(e) => onChange?.(e.target.value as string)} aria-label={ariaLabel}>
      {addresses.map((a) => {
        const option = (
          <Radio key={a.address_rid} value={a.address_rid} disabled={a.disabled}>
            <span className="address-choice-main">
              <strong>{a.name}</strong> {a.phone}
              {a.default === 1 ? <Tag color="blue">默认</Tag> : null}
              {a.disabled ? <Tag>暂未开通</Tag> : null}
            </span>
            <span className="address-choice-sub">
              <EnvironmentOutlined /> {formatAddress(a)}
            </span>
          </Radio>
        );
        return a.disabled ? (
          <Tooltip key={a.address_rid} title={PICKUP_REGION_CLOSED_MESSAGE}>
            <span className="address-choice-wrap">{option}</span>
          </Tooltip>
        ) : (
          <span key={a.address_rid} className="address-choice-wrap">
            {option}
          </span>
        );
      })}
    </Radio.Group>
  );
}
