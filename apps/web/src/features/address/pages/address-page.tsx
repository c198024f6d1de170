import { Alert, Button, Empty, Popconfirm, Skeleton, Tag, Tooltip } from 'antd';
import { EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { MAX_ADDRESSES, PICKUP_REGION_CLOSED_MESSAGE, type AddressEntity } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { useAddresses } from '../../../api/addresses/list-addresses';
import { AddressFormModal } from '../components/address-form-modal';
import { deleteAddress } from '../api/delete-address';
import { setDefaultAddress } from '../api/set-default-address';
import '../../../components/member/member-pages.css';

const regionText = (a: AddressEntity) => [a.province, a.city === a.province ? '' : a.city, a.area].filter(Boolean).join(' ');

/** 地址管理: add, edit, delete, set default (one default, flag 1). */
export default function AddressPage() {
  const { data, isPending, isError, error, refetch } = useAddresses();
  const [editing, setEditing] = useState<AddressEntity | null | 'new'>(null);
  const makeDefault = useApiMutation({ mutationFn: setDefaultAddress, invalidates: memberDataKeys, onSuccess: () => feedback.success('已设为默认地址') });
  const remove = useApiMutation({ mutationFn: deleteAddress, invalidates: memberDataKeys, onSuccess: () => feedback.success('地址已删除') });

  const list = data ?? [];
  return (
    <div className="member-page">
      <div className="member-page-head">
        <h1 className="page-title">地址管理</h1>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} disabled={list.length >= MAX_ADDRESSES}>
          新增地址
        </Button>
      </div>
      <p className="member-page-lead">用于寄送检测报告、发票、寄回样品与上门取样。最多可保存 {MAX_ADDRESSES} 个地址，默认地址会在下单时优先使用。</p>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : isError ? (
        <Alert type="error" showIcon title="地址加载失败" description={error.message} action={<Button onClick={() => void refetch()}>重试</Button>} />
      ) : list.length === 0 ? (
        <Empty className="member-empty" description="还没有地址，添加一个收件地址后即可正常下单">
          <Button type="primary" onClick={() => setEditing('new')}>
            新增地址
          </Button>
        </Empty>
      ) : (
        <ul className="address-list" aria-label="我的地址">
          {list.map((a) => (
            <li key={a.address_rid} className={a.default === 1 ? 'address-card is-default' : 'address-card'} data-testid="address-card">
              <div className="address-card-main">
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
              </div>
              <div className="address-card-actions">
                {a.default === 1 ? null : (
                  <Button type="link" size="small" loading={makeDefault.isPending && makeDefault.variables === a.address_rid} onClick={() => makeDefault.mutate(a.address_rid)}>
                    设为默认
                  </Button>
                )}
                <Button type="link" size="small" onClick={() => setEditing(a)}>
                  编辑
                </Button>
                <Popconfirm title="确定删除该地址吗？" okText="删除" cancelText="取消" onConfirm={() => remove.mutate(a.address_rid)}>
                  <Button type="link" size="small" danger loading={remove.isPending && remove.variables === a.address_rid}>
                    删除
                  </Button>
                </Popconfirm>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing ? <AddressFormModal editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
