import { Alert, Button, Empty, Popconfirm, Skeleton, Tag, Tooltip } from 'antd';
import { EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { MAX_ADDRESSES, PICKUP_REGION_CLOSED_MESSAGE, type AddressEntity } from '@lab/contract';
import { useAddresses } from '../../../api/addresses/list-addresses';
import { useFeedback } from '../../../lib/use-feedback';
import { refreshMemberData } from '../../../api/refresh';
import { AddressFormModal } from '../components/address-form-modal';
import { deleteAddress } from '../api/delete-address';
import { setDefaultAddress } from '../api/set-default-address';
import '../../../components/member/member-pages.css';

const regionText = (a: AddressEntity) => [a.province, a.city === a.province ? '' : a.city, a.area].filter(Boolean).join(' ');

/** 地址管理: add, edit, delete, set default (one default, flag 1). */
export default function AddressPage() {
  const { data, isPending, isError, error, refetch } = useAddresses();
  const feedback = useFeedback();
  const [editing, setEditing] = useState<AddressEntity | null | 'new'>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (rid: string, action: () => Promise<unknown>, done: string) => {
    setBusy(rid);
    try {
      await action();
      feedback.success(done);
      refreshMemberData();
    } catch (e) {
      feedback.failure(e);
    } finally {
      setBusy(null);
    }
  };

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
                  <Button type="link" size="small" loading={busy === a.address_rid} onClick={() => void run(a.address_rid, () => setDefaultAddress(a.address_rid), '已设为默认地址')}>
                    设为默认
                  </Button>
                )}
                <Button type="link" size="small" onClick={() => setEditing(a)}>
                  编辑
                </Button>
                <Popconfirm title="确定删除该地址吗？" okText="删除" cancelText="取消" onConfirm={() => run(a.address_rid, () => deleteAddress(a.address_rid), '地址已删除')}>
                  <Button type="link" size="small" danger>
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
