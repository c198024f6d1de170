import { Link, useNavigate } from 'react-router';
import { Button, DatePicker, Input, Select, Tabs, Tag, type TableColumnsType } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { orderKindLabels, paymentLabels, paymentStatuses, progressLabels, progressStatuses, riskFilterLabels, riskFilters, type AdminOrderRow } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { Money } from '../../../components/admin/money';
import { useServerTable } from '../../../components/admin/use-server-table';
import { useStaffMe } from '../../../lib/admin-api';
import { formatDateTime } from '../../../lib/format';
import { useOrderSearch } from '../api/search-orders';
import { KindTag, PaymentTag, ProgressTag, PromiseTag, UnsettledTag } from '../components/order-tags';
import { mayAct, rowPromises } from '../order-desk';
import '../order-desk.css';

const tabs = [{ key: '', label: '全部' }, ...progressStatuses.map((status) => ({ key: status, label: progressLabels[status] }))];
const paymentOptions = [{ value: '', label: '全部支付状态' }, ...paymentStatuses.map((status) => ({ value: status, label: paymentLabels[status] }))];
const kindOptions = [
  { value: '', label: '全部类型' },
  { value: 'test', label: orderKindLabels.test },
  { value: 'reservation', label: orderKindLabels.reservation },
];
const payLaterOptions = [
  { value: '', label: '结算方式不限' },
  { value: '1', label: '测试后结算' },
  { value: '0', label: '先付款后测试' },
];
const riskOptions = [{ value: '', label: '承诺预警：不限' }, ...riskFilters.map((risk) => ({ value: risk, label: riskFilterLabels[risk] }))];

/** /admin/orders: every order, searched, filtered and sorted on the server. */
export default function OrdersPage() {
  const table = useServerTable({ filters: { progress: '', payment: '', kind: '', payLater: '', risk: '', keyword: '', from: '', to: '' } });
  const { data, isFetching } = useOrderSearch(table.query);
  const me = useStaffMe();
  const navigate = useNavigate();
  const { filters } = table;

  const columns: TableColumnsType<AdminOrderRow> = [
    {
      title: '订单编号',
      dataIndex: 'orderNo',
      width: 190,
      render: (orderNo: string, order) => (
        <div>
          <Link to={`/admin/orders/${orderNo}`} className="desk-order-no">
            {orderNo}
          </Link>
          <div>
            <KindTag kind={order.kind} />
            {order.payLater && <Tag>测试后结算</Tag>}
          </div>
        </div>
      ),
    },
    {
      title: '客户',
      key: 'member',
      width: 160,
      render: (_, order) => (
        <div>
          <div>{order.member.name || '—'}</div>
          <div className="admin-muted">{order.member.phone}</div>
          {order.member.company && <div className="admin-muted desk-ellipsis" title={order.member.company}>{order.member.company}</div>}
        </div>
      ),
    },
    {
      title: '测试项目',
      dataIndex: 'title',
      width: 220,
      render: (title: string, order) => (
        <div>
          <div className="desk-ellipsis" title={title}>
            {title}
          </div>
          {order.kind === 'test' && <div className="admin-muted">{order.sampleCount} 个样品</div>}
        </div>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 104,
      render: (_, order) => (
        <div className="desk-tags is-stacked">
          <ProgressTag progress={order.progress} />
          <PaymentTag payment={order.payment} />
          <UnsettledTag days={order.unsettledDays} />
        </div>
      ),
    },
    {
      title: '服务承诺',
      key: 'promises',
      width: 160,
      render: (_, order) => {
        const running = rowPromises(order.promises);
        return running.length ? <div className="desk-tags">{running.map((p) => <PromiseTag key={p.kind} promise={p} />)}</div> : <span className="admin-muted">—</span>;
      },
    },
    { title: '金额', dataIndex: 'payableFen', key: 'totalFen', align: 'right', width: 116, sorter: true, sortOrder: table.sortOrderOf('totalFen'), render: (fen: number) => <Money fen={fen} /> },
    // the times wrap between date and time (a column of 100, not 140), and 支付时间 waits for a
    // screen of 1600: at 1440 every column then fits beside the fixed 操作, nothing scrolls out
    { title: '下单时间', dataIndex: 'createdAt', key: 'createdAt', width: 100, sorter: true, sortOrder: table.sortOrderOf('createdAt'), render: (at: string) => formatDateTime(at) },
    {
      title: '支付时间',
      dataIndex: 'paidAt',
      key: 'paidAt',
      width: 100,
      responsive: ['xxl'],
      sorter: true,
      sortOrder: table.sortOrderOf('paidAt'),
      render: (at: string | null) => (at ? formatDateTime(at) : <span className="admin-muted">未支付</span>),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 64,
      render: (_, order) => (
        <Link to={`/admin/orders/${order.orderNo}`} aria-label={`查看订单 ${order.orderNo}`}>
          详情
        </Link>
      ),
    },
  ];

  return (
    <AdminPage
      title="订单管理"
      description="按订单号、样品编号、客户或项目查找订单；服务承诺临近或超时的订单会标出。"
      extra={
        mayAct(me.data?.role, 'receive') ? (
          <Button type="primary" icon={<ScanOutlined />} onClick={() => navigate('/admin/receive')}>
            收样登记
          </Button>
        ) : null
      }
    >
      <AdminSection>
        <Tabs className="desk-tabs" activeKey={filters.progress} items={tabs} onChange={(progress) => table.setFilters({ progress })} />
        <div className="admin-filters">
          <Input.Search
            allowClear
            className="desk-search"
            placeholder="订单号 / 样品编号 / 客户手机、姓名、单位 / 项目名称"
            defaultValue={filters.keyword}
            onSearch={(keyword) => table.setFilters({ keyword: keyword.trim() })}
            aria-label="搜索订单"
          />
          <Select className="desk-select" value={filters.payment} options={paymentOptions} onChange={(payment) => table.setFilters({ payment })} aria-label="支付状态" />
          <Select className="desk-select" value={filters.kind} options={kindOptions} onChange={(kind) => table.setFilters({ kind })} aria-label="订单类型" />
          <Select className="desk-select" value={filters.payLater} options={payLaterOptions} onChange={(payLater) => table.setFilters({ payLater })} aria-label="结算方式" />
          <Select className="desk-select is-wide" value={filters.risk} options={riskOptions} onChange={(risk) => table.setFilters({ risk })} aria-label="承诺预警" />
          <DatePicker.RangePicker
            aria-label="下单日期"
            placeholder={['下单开始日期', '结束日期']}
            value={filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null}
            onChange={(range) => table.setFilters({ from: range?.[0]?.format('YYYY-MM-DD') ?? '', to: range?.[1]?.format('YYYY-MM-DD') ?? '' })}
          />
        </div>
        <AdminTable<AdminOrderRow>
          rowKey="orderNo"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          rowClassName={(order) => (order.atRisk ? 'desk-row-risk' : '')}
          scroll={{ x: 1114 }}
          locale={{ emptyText: filters.keyword || filters.risk || filters.payment ? '没有符合条件的订单，换个关键词或筛选条件试试' : '还没有订单' }}
        />
      </AdminSection>
    </AdminPage>
  );
}
