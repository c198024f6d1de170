import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { App, Button, Grid, Input, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { serviceTypeLabels, type AdminServiceItemRow } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { Money } from '../../../components/admin/money';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { useServiceGroups } from '../api/list-groups';
import { useServiceItems } from '../api/list-items';
import { useCatalogMutation } from '../api/save-group';
import { publishServiceItem } from '../api/save-item';
import { ItemMethodsModal } from '../components/item-methods-modal';
import '../components/admin-catalog.css';

const typeFilter = [{ value: '', label: '全部类型' }, ...[1, 2, 3].map((id) => ({ value: String(id), label: serviceTypeLabels[id] }))];
const stateFilter = [
  { value: '', label: '全部状态' },
  { value: '1', label: '已上架' },
  { value: '0', label: '已下架' },
];
const yesNo = (label: string) => [
  { value: '', label: `${label}：全部` },
  { value: '1', label: `${label}：是` },
  { value: '0', label: `${label}：否` },
];

/** A time on two lines (day, then hour), so the column stays narrow. */
function UpdatedAt({ at }: { at: string }) {
  const [day, time] = formatDateTime(at).split(' ');
  return (
    <div className="admin-nowrap">
      {day}
      <div className="cat-sub">{time}</div>
    </div>
  );
}

/** /admin/catalog/items: every service item, filtered and sorted on the server; publish, withdraw, edit. */
export default function ItemsPage() {
  const table = useServerTable({ filters: { keyword: '', typeId: '', groupId: '', childId: '', published: '', hot: '', reservable: '' } });
  const { data, isFetching } = useServiceItems(table.query);
  const groups = useServiceGroups();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const wide = Grid.useBreakpoint().md !== false;
  const publish = useCatalogMutation(({ rid, published }: { rid: string; published: boolean }) => publishServiceItem(rid, published));
  const { filters } = table;
  const [methodsOf, setMethodsOf] = useState<string | null>(null);

  const groupOptions = [
    { value: '', label: '全部分类' },
    ...(groups.data ?? []).filter((g) => !filters.typeId || String(g.typeId) === filters.typeId).map((g) => ({ value: String(g.id), label: g.name })),
  ];
  const selectedGroup = (groups.data ?? []).find((g) => String(g.id) === filters.groupId);
  const childOptions = [{ value: '', label: '全部子类' }, ...(selectedGroup?.children ?? []).map((c) => ({ value: String(c.id), label: c.name }))];

  const toggle = (row: AdminServiceItemRow) => {
    const published = !row.published;
    const run = async () => {
      publish.mutate({ rid: row.rid, published }, {
        onSuccess: () => {
          feedback.success(published ? '服务项目已上架' : '服务项目已下架');
        },
      });
    };
    if (published) return void run();
    modal.confirm({
      title: `下架「${row.name}」？`,
      content: '下架后网站上立即看不到该项目，客户也不能再下单；已有订单和计划不受影响，可随时重新上架。',
      okText: '下架',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: run,
    });
  };

  const columns: TableColumnsType<AdminServiceItemRow> = [
    { title: '图片', dataIndex: 'imgUrl', width: 80, render: (url: string) => <img className="cat-thumb" src={url} alt="" loading="lazy" /> },
    {
      title: '项目名称',
      dataIndex: 'name',
      width: 210,
      render: (name: string, row) => (
        <div>
          <Link className="cat-name" to={`/admin/catalog/items/${encodeURIComponent(row.rid)}`}>
            {name}
          </Link>
          {row.model && <div className="cat-sub">{row.model}</div>}
        </div>
      ),
    },
    {
      title: '类型 / 分类',
      key: 'group',
      width: 150,
      render: (_, row) => (
        <div>
          <div>{serviceTypeLabels[row.typeId]}</div>
          <div className="cat-sub">{row.childName ? `${row.groupName} · ${row.childName}` : row.groupName}</div>
        </div>
      ),
    },
    {
      title: '价格',
      dataIndex: 'priceFen',
      key: 'priceFen',
      sorter: true,
      sortOrder: table.sortOrderOf('priceFen'),
      align: 'right',
      width: 124,
      render: (fen: number, row) => (
        <span className="admin-nowrap">
          <Money fen={fen} />
          <span className="admin-muted"> / {row.unit}</span>
        </span>
      ),
    },
    { title: '订单数', dataIndex: 'orderCount', key: 'orderCount', sorter: true, sortOrder: table.sortOrderOf('orderCount'), align: 'right', width: 84, render: (n: number) => n.toLocaleString('en-US') },
    { title: '排序', dataIndex: 'sort', key: 'sort', sorter: true, sortOrder: table.sortOrderOf('sort'), align: 'right', width: 72 },
    {
      title: '状态',
      key: 'state',
      width: 116,
      render: (_, row) => (
        <Space size={[0, 4]} wrap>
          {row.published ? <Tag color="success">已上架</Tag> : <Tag>已下架</Tag>}
          {row.hot && <Tag color="volcano">热门</Tag>}
          {row.reservable && <Tag color="blue">可预约</Tag>}
        </Space>
      ),
    },
    { title: '最近修改', dataIndex: 'updatedAt', key: 'updatedAt', sorter: true, sortOrder: table.sortOrderOf('updatedAt'), width: 112, render: (at: string) => <UpdatedAt at={at} /> },
    {
      title: '操作',
      key: 'actions',
      // on a phone a pinned column would cover half the row
      fixed: wide ? 'right' : undefined,
      width: 210,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`/admin/catalog/items/${encodeURIComponent(row.rid)}`)}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setMethodsOf(row.rid)}>
            仪器信息
          </Button>
          <Button type="link" size="small" danger={row.published} onClick={() => toggle(row)}>
            {row.published ? '下架' : '上架'}
          </Button>
          <Tooltip title={row.published ? '在新标签页打开网站上的详情页' : '已下架，网站上看不到'}>
            <Button type="link" size="small" href={`/detail/${encodeURIComponent(row.rid)}`} target="_blank" disabled={!row.published}>
              查看
            </Button>
          </Tooltip>
        </Space>
      ),
    },
  ];

  const filtered = Object.values(filters).some((v) => v !== '');

  return (
    <AdminPage
      title="服务项目"
      description="网站上可下单的检测、机时与分析项目。修改保存后网站立即生效；项目不删除，不再提供时下架即可。"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/catalog/items/new')}>
          新增服务项目
        </Button>
      }
    >
      <AdminSection>
        <div className="admin-filters">
          <Input.Search allowClear placeholder="项目名称或仪器型号" defaultValue={filters.keyword} onSearch={(keyword) => table.setFilters({ keyword })} aria-label="搜索服务项目" />
          <Select style={{ width: 120 }} value={filters.typeId} options={typeFilter} onChange={(typeId) => table.setFilters({ typeId, groupId: '', childId: '' })} aria-label="服务类型" />
          <Select style={{ width: 150 }} value={filters.groupId} options={groupOptions} showSearch optionFilterProp="label" onChange={(groupId) => table.setFilters({ groupId, childId: '' })} aria-label="分类" />
          {selectedGroup && selectedGroup.children.length > 0 && (
            <Select style={{ width: 150 }} value={filters.childId} options={childOptions} onChange={(childId) => table.setFilters({ childId })} aria-label="子类" />
          )}
          <Select style={{ width: 110 }} value={filters.published} options={stateFilter} onChange={(published) => table.setFilters({ published })} aria-label="上架状态" />
          <Select style={{ width: 124 }} value={filters.hot} options={yesNo('热门')} onChange={(hot) => table.setFilters({ hot })} aria-label="热门" />
          <Select style={{ width: 138 }} value={filters.reservable} options={yesNo('可预约')} onChange={(reservable) => table.setFilters({ reservable })} aria-label="可预约" />
        </div>
        <AdminTable<AdminServiceItemRow>
          rowKey="rid"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          scroll={{ x: 1040 }}
          locale={{ emptyText: filtered ? '没有符合条件的服务项目，换个条件试试' : '还没有服务项目，点击右上角「新增服务项目」添加' }}
        />
      </AdminSection>
      <ItemMethodsModal rid={methodsOf} onClose={() => setMethodsOf(null)} />
    </AdminPage>
  );
}
