import type { ReactNode } from 'react';
import { Form, Input, Radio } from 'antd';

/** A form's address: one of the member's (by rid) or a new one. */
export interface AddressValues {
  addressMode: 'existing' | 'new';
  address_rid?: string;
  name?: string;
  phone?: string;
  address_code?: string;
  address?: string;
}

/** The address part of the call's body: the chosen address's rid (or `fallbackRid`), or the new address's fields. */
export const addressBody = (values: AddressValues, fallbackRid?: string) =>
  values.addressMode === 'existing'
    ? { address_rid: values.address_rid ?? fallbackRid }
    : { name: values.name, phone: values.phone, address_code: values.address_code, address: values.address };

interface AddressFieldsProps {
  /** the radio's label: 取样地址, 收件地址 */
  label: string;
  mode: AddressValues['addressMode'];
  /** how many of the member's addresses can be chosen (none: the choice is disabled) */
  existing: number;
  /** what picks one of them, inside the address_rid field */
  choice: ReactNode;
  /** shown instead of the choice while there is none */
  none?: ReactNode;
  /** the new address's region field: its label, note and cascader */
  region: { label: string; extra?: string; cascader: ReactNode };
  placeholders?: { name?: string; phone?: string; address?: string };
}

/** 选择已有地址 / 填写新地址 and the fields of the chosen way, inside the page's antd Form (names as AddressValues). */
export function AddressFields({ label, mode, existing, choice, none, region, placeholders = {} }: AddressFieldsProps) {
  return (
    <>
      <Form.Item label={label} name="addressMode">
        <Radio.Group
          options={[
            { value: 'existing', label: '选择已有地址', disabled: existing === 0 },
            { value: 'new', label: '填写新地址' },
          ]}
        />
      </Form.Item>
      {mode === 'existing' ? (
        existing === 0 && none ? (
          none
        ) : (
          <Form.Item name="address_rid">{choice}</Form.Item>
        )
      ) : (
        <>
          <div className="member-form-grid">
            <Form.Item label="姓名" name="name" required>
              <Input maxLength={30} placeholder={placeholders.name} />
            </Form.Item>
            <Form.Item label="手机" name="phone" required>
              <Input maxLength={11} inputMode="numeric" placeholder={placeholders.phone} />
            </Form.Item>
          </div>
          <Form.Item label={region.label} name="address_code" required extra={region.extra}>
            {region.cascader}
          </Form.Item>
          <Form.Item label="详细地址" name="address" required>
            <Input maxLength={200} placeholder={placeholders.address} />
          </Form.Item>
        </>
      )}
    </>
  );
}
