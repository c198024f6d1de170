import { useState } from 'react';
import { Button, Empty, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { bannerLinkKind, type AdminBanner } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { useBanners } from '../api/list-banners';
import { deleteBanner, reorderBanners, setBannerVisible } from '../api/save-banner';
import { BannerFormModal } from '../components/banner-form-modal';
import { OrderButtons } from '../components/order-buttons';
import { PictureThumb } from '../components/picture-thumb';
import { useBlockActions } from '../components/use-block-actions';
import '../components/content.css';

function BannerLink({ banner }: { banner: AdminBanner }) {
  const kind = bannerLinkKind(banner.redirect);
  if (kind === 'none') return <span className="admin-muted">不跳转</span>;
  if (kind === 'external') {
    return (
      <a className="content-link" href={banner.redirect!} target="_blank" rel="noopener noreferrer">
        <LinkOutlined /> {banner.redirect}
      </a>
    );
  }
  return banner.redirectItem ? (
    <a href={`/detail/${encodeURIComponent(banner.redirectItem.rid)}`} target="_blank" rel="noopener noreferrer">
      <Tag color="blue">服务项目</Tag>
      {banner.redirectItem.name}
    </a>
  ) : (
    <Tag color="error">项目已不存在：{banner.redirect}</Tag>
  );
}

/** /admin/content/banners: the home page's carousel — pictures, titles, links, order, shown or hidden. */
export default function BannersPage() {
  const { data, isFetching } = useBanners();
  const [editing, setEditing] = useState<AdminBanner | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const actions = useBlockActions({ noun: '轮播图', reorder: reorderBanners, setVisible: setBannerVisible, remove: deleteBanner });
  const list = data ?? [];
  const label = (banner: AdminBanner, index: number) => banner.title ?? `第 ${index + 1} 张`;

  const columns: TableColumnsType<AdminBanner> = [
    {
      title: '顺序',
      key: 'order',
      width: 96,
      render: (_, banner, index) => <OrderButtons index={index} total={list.length} label={label(banner, index)} busy={actions.moving} onMove={(delta) => void actions.move(list, index, delta)} />,
    },
    { title: '图片', dataIndex: 'imgUrl', width: 170, render: (url: string, banner, index) => <PictureThumb src={url} alt={label(banner, index)} /> },
    {
      title: '标题与描述',
      key: 'title',
      render: (_, banner) => (
        <>
          <div className="content-cell-title">{banner.title ?? <span className="admin-muted">（无标题）</span>}</div>
          {banner.description && <div className="content-cell-note">{banner.description}</div>}
        </>
      ),
    },
    { title: '点击后', key: 'redirect', width: 240, render: (_, banner) => <BannerLink banner={banner} /> },
    {
      title: '首页显示',
      dataIndex: 'visible',
      width: 100,
      render: (visible: boolean, banner, index) => (
        <Switch checked={visible} checkedChildren="显示" unCheckedChildren="隐藏" loading={actions.toggling === banner.id} aria-label={`在首页显示 ${label(banner, index)}`} onChange={(next) => void actions.toggle(banner, next)} />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_, banner, index) => (
        <Space size={0}>
          <Button type="link" size="small" aria-label={`编辑 ${label(banner, index)}`} onClick={() => (setEditing(banner), setFormOpen(true))}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => actions.confirmDelete(banner, label(banner, index))}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <AdminPage
      title="轮播图"
      description="首页顶部的大图轮播，按顺序每 5 秒切换；保存后首页立即更新。"
      extra={
        <>
          <Button href="/" target="_blank">查看首页</Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => (setEditing(null), setFormOpen(true))}>
            新增轮播图
          </Button>
        </>
      }
    >
      <AdminSection>
        <Table<AdminBanner>
          className="admin-table"
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list}
          loading={isFetching}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: <Empty description="还没有轮播图，点击右上角“新增轮播图”添加" /> }}
        />
      </AdminSection>
      <BannerFormModal open={formOpen} editing={editing} onClose={() => setFormOpen(false)} />
    </AdminPage>
  );
}
