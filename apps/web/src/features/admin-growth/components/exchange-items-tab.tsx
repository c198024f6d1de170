import { useState } from 'react';
import { App, Button, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { AdminExchangeItem } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { useExchangeItems } from '../api/list-exchange-items';
import { setExchangeItemActive, useExchangeMutation } from '../api/save-exchange';
import { ExchangeItemModal } from './exchange-item-modal';

/** 兑换商品: the catalogue members spend points on — add, edit, withdraw (下架) and put back (上架). */
export function ExchangeItemsTab() {
  const { data, isFetching } = useExchangeItems();
  const [editing, setEditing] = useState<AdminExchangeItem | null>(null);
  const [open, setOpen] = useState(false);
  const status = useExchangeMutation(setExchangeItemActive);
  const { modal } = App.useApp();

  const toggle = (item: AdminExchangeItem) => {
    const active = !item.active;
    modal.confirm({
      title: active ? `上架「${item.name}」？` : `下架「${item.name}」？`,
      content: active ? '上架后会员可以在积分商城中兑换。' : '下架后会员将看不到也无法兑换该商品；已兑换的记录不受影响。',
      okText: active ? '上架' : '下架',
      okButtonProps: { danger: !active },
      cancelText: '取消',
      onOk: () =>
        settled(
          status.mutateAsync({ rid: item.rid, active }, {
            onSuccess: () => {
              feedback.success(active ? '兑换商品已上架' : '兑换商品已下架');
            },
          }),
        ),
    });
  };

  const columns: TableColumnsType<AdminExchangeItem> = [
    {
      title: '商品',
      key: 'name',
      width: 220,
      render: (_, item) => (
        <Space align="start">
          <img className="customers-item-thumb" src={item.img} alt="" />
          <div className="customers-stack">
            <strong>{item.name}</strong>
            <span><Tag color={item.kind === 'coupon' ? 'gold' : 'blue'}>{item.kind === 'coupon' ? '优惠券' : '礼品'}</Tag></span>
          </div>
        </Space>
      ),
    },
    { title: '说明', dataIndex: 'description', render: (text: string) => (text ? <div className="customers-clip">{text}</div> : <span className="admin-muted">—</span>) },
    { title: '所需积分', dataIndex: 'points', align: 'right', width: 100, render: (points: number) => <span className="admin-money">{points.toLocaleString('en-US')}</span> },
    {
      title: '库存',
      key: 'stock',
      width: 120,
      render: (_, item) => (item.totalStock === null ? <span>不限量<div className="admin-muted">已兑 {item.exchangedCount}</div></span> : <span>剩 {item.stock} / {item.totalStock}<div className="admin-muted">已兑 {item.exchangedCount}</div></span>),
    },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '状态', dataIndex: 'active', width: 80, render: (active: boolean) => (active ? <Tag color="success">已上架</Tag> : <Tag>已下架</Tag>) },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_, item) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => (setEditing(item), setOpen(true))}>编辑</Button>
          <Button type="link" size="small" danger={item.active} onClick={() => toggle(item)}>{item.active ? '下架' : '上架'}</Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className="admin-filters" style={{ justifyContent: 'space-between' }}>
        <span className="admin-muted">会员在「我的积分」中用积分兑换；优惠券立即发放，礼品需在「兑换记录」中发货。</span>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => (setEditing(null), setOpen(true))}>新增兑换商品</Button>
      </div>
      <Table<AdminExchangeItem>
        className="admin-table"
        rowKey="rid"
        size="middle"
        columns={columns}
        dataSource={data}
        loading={isFetching}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: '还没有兑换商品，点击「新增兑换商品」添加' }}
      />
      <ExchangeItemModal open={open} editing={editing} onClose={() => setOpen(false)} />
    </>
  );
}
