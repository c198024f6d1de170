import { Tag, Tooltip } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { MAX_ADDRESSES, PICKUP_REGION_CLOSED_MESSAGE, type AddressEntity } from '@lab/contract';
import { SavedCardList } from '../../../components/member/saved-card-list';
import { useAddresses } from '../api/addresses/list-addresses';
import { AddressFormModal } from '../components/address-form-modal';
import { deleteAddress } from '../api/delete-address';
import { setDefaultAddress } from '../api/set-default-address';

const regionText = (a: AddressEntity) => [a.province, a.city === a.province ? '' : a.city, a.area].filter(Boolean).join(' ');

/** 地址管理: add, edit, delete, set default (one default, flag 1). */
export default function AddressPage() {
  return (
    <SavedCardList
      title="地址管理"
      noun="地址"
      addLabel="新增地址"
      defaultLabel="默认地址"
      max={MAX_ADDRESSES}
      lead={`用于寄送检测报告、发票、寄回样品与上门取样。最多可保存 ${MAX_ADDRESSES} 个地址，默认地址会在下单时优先使用。`}
      query={useAddresses()}
      skeletonRows={5}
      empty="还没有地址，添加一个收件地址后即可正常下单"
      idOf={(a) => a.address_rid}
      isDefault={(a) => a.default === 1}
      testId="address-card"
      card={(a) => (
        <>
          <p className="address-card-who">
            <strong>{a.name}</strong>
            <span>{a.phone}</span>
            {a.default === 1 ? <Tag color="blue">默认地址</Tag> : null}
            {a.disabled ? (
              <Tooltip title={PICKUP_REGION_CLOSED_MESSAGE}>
                <Tag>暂未开通上门取样</Tag>
              </Tooltip>
            ) : (
              <Tag color="green">可上门取样</Tag>
            )}
          </p>
          <p className="address-card-where">
            <EnvironmentOutlined /> {regionText(a)} {a.address}
          </p>
        </>
      )}
      setDefault={setDefaultAddress}
      remove={deleteAddress}
      dialog={(editing, onClose) => <AddressFormModal editing={editing} onClose={onClose} />}
    />
  );
}
