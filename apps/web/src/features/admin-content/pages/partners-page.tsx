import { useState } from 'react';
import { Button, Empty, Space, Switch, Table, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { AdminPartner } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { usePartners } from '../api/list-partners';
import { deletePartner, reorderPartners, setPartnerVisible } from '../api/save-partner';
import { OrderButtons } from '../components/order-buttons';
import { PartnerFormModal } from '../components/partner-form-modal';
import { PictureThumb } from '../components/picture-thumb';
import { useBlockActions } from '../components/use-block-actions';
import '../components/content.css';

/** /admin/content/partners: the logos of the home page's 合作机构 strip, in order. */
export default function PartnersPage() {
  const { data, isFetching } = usePartners();
  const [editing, setEditing] = useState<AdminPartner | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const actions = useBlockActions({ noun: '合作机构', reorder: reorderPartners, setVisible: setPartnerVisible, remove: deletePartner });
  const list = data ?? [];
  const shown = list.filter((partner) => partner.visible).length;

  const columns: TableColumnsType<AdminPartner> = [
    {
      title: '顺序',
      key: 'order',
      width: 96,
      render: (_, partner, index) => <OrderButtons index={index} total={list.length} label={partner.name} busy={actions.moving} onMove={(delta) => void actions.move(list, index, delta)} />,
    },
    { title: '标志', dataIndex: 'imgUrl', width: 170, render: (url: string, partner) => <PictureThumb src={url} alt={partner.name} /> },
    { title: '机构名称', dataIndex: 'name', render: (name: string) => <span className="content-cell-title">{name}</span> },
    {
      title: '首页显示',
      dataIndex: 'visible',
      width: 100,
      render: (visible: boolean, partner) => (
        <Switch checked={visible} checkedChildren="显示" unCheckedChildren="隐藏" loading={actions.toggling === partner.id} aria-label={`在首页显示 ${partner.name}`} onChange={(next) => void actions.toggle(partner, next)} />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_, partner) => (
        <Space size={0}>
          <Button type="link" size="small" aria-label={`编辑 ${partner.name}`} onClick={() => (setEditing(partner), setFormOpen(true))}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => actions.confirmDelete(partner, partner.name)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <AdminPage
      title="合作机构"
      description={`首页底部的合作机构标志滚动条，当前显示 ${shown} 个；宽屏一次显示 4 个，手机 2 个。`}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => (setEditing(null), setFormOpen(true))}>
          新增合作机构
        </Button>
      }
    >
      <AdminSection>
        <Table<AdminPartner>
          className="admin-table"
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list}
          loading={isFetching}
          pagination={false}
          scroll={{ x: 680 }}
          locale={{ emptyText: <Empty description="还没有合作机构，点击右上角“新增合作机构”添加" /> }}
        />
      </AdminSection>
      <PartnerFormModal open={formOpen} editing={editing} onClose={() => setFormOpen(false)} />
    </AdminPage>
  );
}
