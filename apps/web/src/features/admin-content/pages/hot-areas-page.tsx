import { useState } from 'react';
import { Button, Empty, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { serviceTypeLabels, type AdminHotArea } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { useHotAreas } from '../api/list-hot-areas';
import { deleteHotArea, reorderHotAreas, setHotAreaVisible } from '../api/save-hot-area';
import { HotAreaFormModal } from '../components/hot-area-form-modal';
import { OrderButtons } from '../components/order-buttons';
import { PictureThumb } from '../components/picture-thumb';
import { useBlockActions } from '../components/use-block-actions';
import '../components/content.css';

const projectPath = (area: AdminHotArea) => `/project/${area.typeId}/${encodeURIComponent(area.title)}`;

/** /admin/content/hot-areas: the home page's 热门专区 cards and the categories they open. */
export default function HotAreasPage() {
  const { data, isFetching } = useHotAreas();
  const [editing, setEditing] = useState<AdminHotArea | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const actions = useBlockActions({ noun: '热门专区', reorder: reorderHotAreas, setVisible: setHotAreaVisible, remove: deleteHotArea });
  const list = data ?? [];

  const columns: TableColumnsType<AdminHotArea> = [
    {
      title: '顺序',
      key: 'order',
      width: 96,
      render: (_, area, index) => <OrderButtons index={index} total={list.length} label={area.name} busy={actions.moving} onMove={(delta) => void actions.move(list, index, delta)} />,
    },
    { title: '图片', dataIndex: 'imgUrl', width: 170, render: (url: string, area) => <PictureThumb src={url} alt={area.name} /> },
    {
      title: '名称与简介',
      key: 'name',
      render: (_, area) => (
        <>
          <div className="content-cell-title">{area.name}</div>
          {area.sketch && <div className="content-cell-note">{area.sketch}</div>}
        </>
      ),
    },
    {
      title: '打开分类',
      key: 'title',
      width: 200,
      render: (_, area) => (
        <a href={projectPath(area)} target="_blank" rel="noopener noreferrer">
          <Tag>{serviceTypeLabels[area.typeId] ?? area.typeId}</Tag>
          {area.title}
        </a>
      ),
    },
    {
      title: '首页显示',
      dataIndex: 'visible',
      width: 100,
      render: (visible: boolean, area) => (
        <Switch checked={visible} checkedChildren="显示" unCheckedChildren="隐藏" loading={actions.toggling === area.id} aria-label={`在首页显示 ${area.name}`} onChange={(next) => void actions.toggle(area, next)} />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_, area) => (
        <Space size={0}>
          <Button type="link" size="small" aria-label={`编辑 ${area.name}`} onClick={() => (setEditing(area), setFormOpen(true))}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => actions.confirmDelete(area, area.name)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <AdminPage
      title="热门专区"
      description="首页“热门专区”的卡片，点击打开对应分类的项目列表；保存后首页立即更新。"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => (setEditing(null), setFormOpen(true))}>
          新增热门专区
        </Button>
      }
    >
      <AdminSection>
        <Table<AdminHotArea>
          className="admin-table"
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list}
          loading={isFetching}
          pagination={false}
          scroll={{ x: 860 }}
          locale={{ emptyText: <Empty description="还没有热门专区，点击右上角“新增热门专区”添加" /> }}
        />
      </AdminSection>
      <HotAreaFormModal open={formOpen} editing={editing} onClose={() => setFormOpen(false)} />
    </AdminPage>
  );
}
