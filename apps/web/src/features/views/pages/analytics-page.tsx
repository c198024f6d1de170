import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, DatePicker, Select, Skeleton, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ANALYTICS_CHANNELS,
  ANALYTICS_CUSTOMER_TYPES,
  addDays,
  analyticsChannelLabels,
  analyticsCustomerTypeLabels,
  analyticsTileLabels,
  labDay,
  type AnalyticsCustomerType,
  type AnalyticsFilters,
  type AnalyticsTile,
  type AnalyticsView,
  type InstrumentYearRow,
} from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { ExportButton } from '../../../components/admin/export-button';
import { Money } from '../../../components/admin/money';
import { useCanOpenScreen } from '../../../components/admin/screen-access';
import { exportTile, exportYear, useAnalytics, useInstrumentYear } from '../api/get-analytics';
import { AnalyticsChart, type ChartOption } from '../components/analytics-chart';
import './analytics.css';

const BLUE = '#0a58ca';
const palette = [BLUE, '#13a8a8', '#fa8c16', '#722ed1', '#52c41a', '#eb2f96', '#faad14', '#2f54eb', '#8c8c8c'];
const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);
const yuan = (fen: number) => Math.round(fen) / 100;
const grid = { left: 48, right: 16, top: 52, bottom: 28, containLabel: true };

/** Where each tile's figures come from: the list behind it. */
const behind: Record<AnalyticsTile, { to: string; label: string }> = {
  turnaround: { to: 'orders?progress=delivered', label: '已出数据的订单' },
  promises: { to: 'alerts', label: '系统提醒' },
  utilisation: { to: 'reservations', label: '仪器预约' },
  samples: { to: 'queue', label: '排队看板' },
  backlog: { to: 'orders?progress=testing', label: '在检订单' },
  revenue: { to: 'finance/accounts', label: '资金账户' },
  customers: { to: 'members', label: '会员管理' },
};

function Tile({ tile, filters, children, wide }: { tile: AnalyticsTile; filters: AnalyticsFilters; children: ReactNode; wide?: boolean }) {
  const canOpen = useCanOpenScreen();
  const link = behind[tile];
  return (
    <div className={wide ? 'analytics-tile is-wide' : 'analytics-tile'} data-tile={tile}>
      <AdminSection
        title={analyticsTileLabels[tile]}
        extra={
          <span className="analytics-tile-actions">
            {canOpen(link.to) && <Link to={`/admin/${link.to}`}>查看{link.label}</Link>}
            <ExportButton save={() => exportTile(tile, filters)}>导出</ExportButton>
          </span>
        }
      >
        {children}
      </AdminSection>
    </div>
  );
}

function turnaroundChart(data: AnalyticsView['turnaround']): ChartOption {
  return {
    color: [BLUE, '#fa8c16'],
    tooltip: { trigger: 'axis', valueFormatter: (value) => `${String(value)} 小时` },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: data.weeks.map((w) => w.week.slice(5)) },
    yAxis: { type: 'value', name: '小时' },
    series: [
      { name: '中位数', type: 'line', data: data.weeks.map((w) => w.medianHours), smooth: true },
      { name: 'P90', type: 'line', data: data.weeks.map((w) => w.p90Hours), smooth: true },
    ],
  };
}

function promisesChart(rows: AnalyticsView['promises']): ChartOption {
  return {
    color: ['#52c41a', '#faad14', '#d9363e'],
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: rows.map((p) => `${p.label} ${percent(p.rate)}`) },
    yAxis: { type: 'value', name: '次' },
    series: [
      { name: '按时', type: 'bar', stack: 'all', data: rows.map((p) => p.kept) },
      { name: '超时完成', type: 'bar', stack: 'all', data: rows.map((p) => p.late) },
      { name: '未完成', type: 'bar', stack: 'all', data: rows.map((p) => p.missed) },
    ],
  };
}

function utilisationChart(rows: AnalyticsView['utilisation']): ChartOption {
  return {
    color: [BLUE, '#13a8a8'],
    tooltip: { trigger: 'axis', valueFormatter: (value) => `${String(value)}%` },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: rows.map((u) => u.name), axisLabel: { interval: 0, overflow: 'truncate', width: 90 } },
    yAxis: { type: 'value', name: '%', max: (value) => Math.max(100, Math.ceil(value.max)) },
    series: [
      { name: '预约率', type: 'bar', data: rows.map((u) => (u.bookedRate === null ? 0 : Math.round(u.bookedRate * 1000) / 10)) },
      { name: '使用率', type: 'bar', data: rows.map((u) => (u.usedRate === null ? 0 : Math.round(u.usedRate * 1000) / 10)) },
    ],
  };
}

/** Samples per week, one series per instrument: the eight busiest, the rest as 其他. */
function samplesChart(rows: AnalyticsView['samples']): ChartOption {
  const weeks = [...new Set(rows.map((r) => r.week))].sort();
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.name, (totals.get(r.name) ?? 0) + r.samples);
  const top = [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([name]) => name);
  const names = totals.size > top.length ? [...top, '其他'] : top;
  const value = (name: string, week: string) =>
    rows.filter((r) => r.week === week && (name === '其他' ? !top.includes(r.name) : r.name === name)).reduce((sum, r) => sum + r.samples, 0);
  return {
    color: palette,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid,
    xAxis: { type: 'category', data: weeks.map((w) => w.slice(5)) },
    yAxis: { type: 'value', name: '样品' },
    series: names.map((name) => ({ name, type: 'bar' as const, stack: 'samples', data: weeks.map((w) => value(name, w)) })),
  };
}

function backlogChart(rows: AnalyticsView['backlog']): ChartOption {
  return {
    color: [BLUE, '#13a8a8'],
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: rows.map((b) => b.label) },
    yAxis: { type: 'value' },
    series: [
      { name: '订单', type: 'bar', data: rows.map((b) => b.orders) },
      { name: '样品', type: 'bar', data: rows.map((b) => b.samples) },
    ],
  };
}

/** Net income per channel, stacked by customer type (yuan). */
function revenueChart(rows: AnalyticsView['revenue']): ChartOption {
  return {
    color: palette,
    tooltip: { trigger: 'axis', valueFormatter: (value) => `¥${Number(value).toLocaleString('zh-CN', { minimumFractionDigits: 2 })}` },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: ANALYTICS_CHANNELS.map((c) => analyticsChannelLabels[c]) },
    yAxis: { type: 'value', name: '元' },
    series: ANALYTICS_CUSTOMER_TYPES.map((ct) => ({
      name: analyticsCustomerTypeLabels[ct],
      type: 'bar' as const,
      stack: 'net',
      data: ANALYTICS_CHANNELS.map((channel) => yuan(rows.find((r) => r.channel === channel && r.customerType === ct)?.netFen ?? 0)),
    })),
  };
}

function customersChart(rows: AnalyticsView['customers']): ChartOption {
  return {
    color: [BLUE, '#13a8a8'],
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: rows.map((c) => c.month) },
    yAxis: { type: 'value', name: '客户' },
    series: [
      { name: '新客户', type: 'bar', stack: 'c', data: rows.map((c) => c.newCustomers) },
      { name: '回头客', type: 'bar', stack: 'c', data: rows.map((c) => c.returning) },
    ],
  };
}

function Tiles({ data, filters }: { data: AnalyticsView; filters: AnalyticsFilters }) {
  const charts = useMemo(
    () => ({
      turnaround: turnaroundChart(data.turnaround),
      promises: promisesChart(data.promises),
      utilisation: utilisationChart(data.utilisation),
      samples: samplesChart(data.samples),
      backlog: backlogChart(data.backlog),
      revenue: revenueChart(data.revenue),
      customers: customersChart(data.customers),
    }),
    [data],
  );
  const paid = data.revenue.reduce((sum, r) => sum + r.paidFen, 0);
  const refunded = data.revenue.reduce((sum, r) => sum + r.refundedFen, 0);
  const promisesCounted = data.promises.some((p) => p.kept + p.late + p.missed > 0);
  return (
    <div className="analytics-tiles">
      <Tile tile="turnaround" filters={filters}>
        <AnalyticsChart label={analyticsTileLabels.turnaround} option={charts.turnaround} empty={data.turnaround.weeks.length === 0} />
        {data.turnaround.items.length > 0 && (
          <Table
            size="small"
            rowKey="itemId"
            pagination={false}
            scroll={{ x: true }}
            dataSource={data.turnaround.items.slice(0, 5)}
            columns={[
              { title: '项目', dataIndex: 'name', ellipsis: true },
              { title: '订单', dataIndex: 'n', align: 'right', width: 64 },
              { title: '中位数（时）', dataIndex: 'medianHours', align: 'right', width: 104 },
              { title: 'P90（时）', dataIndex: 'p90Hours', align: 'right', width: 92 },
            ]}
          />
        )}
      </Tile>
      <Tile tile="promises" filters={filters}>
        <AnalyticsChart label={analyticsTileLabels.promises} option={charts.promises} empty={!promisesCounted} />
      </Tile>
      <Tile tile="utilisation" filters={filters}>
        <AnalyticsChart label={analyticsTileLabels.utilisation} option={charts.utilisation} empty={!data.utilisation.some((u) => u.bookedHours > 0)} />
      </Tile>
      <Tile tile="samples" filters={filters}>
        <AnalyticsChart label={analyticsTileLabels.samples} option={charts.samples} empty={data.samples.length === 0} />
      </Tile>
      <Tile tile="backlog" filters={filters}>
        <AnalyticsChart label={analyticsTileLabels.backlog} option={charts.backlog} empty={!data.backlog.some((b) => b.orders > 0)} />
      </Tile>
      <Tile tile="revenue" filters={filters}>
        <p className="analytics-figures">
          <span>收款 <Money fen={paid} /></span>
          <span>退款 <Money fen={refunded} /></span>
          <span>净收入 <Money fen={paid - refunded} /></span>
        </p>
        <AnalyticsChart label={analyticsTileLabels.revenue} option={charts.revenue} empty={data.revenue.length === 0} />
      </Tile>
      <Tile tile="customers" filters={filters} wide>
        <AnalyticsChart label={analyticsTileLabels.customers} option={charts.customers} empty={data.customers.length === 0} />
      </Tile>
    </div>
  );
}

function YearReport() {
  const thisYear = Number(labDay(new Date()).slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const { data, isPending, isError, error } = useInstrumentYear(year);
  return (
    <AdminSection
      title="大仪考核年度报表"
      extra={
        <span className="analytics-tile-actions">
          <Select aria-label="年度" value={year} onChange={setYear} options={Array.from({ length: 6 }, (_, i) => ({ value: thisYear - i, label: `${thisYear - i}年` }))} style={{ width: 100 }} />
          <ExportButton save={() => exportYear(year)}>导出考核表</ExportButton>
        </span>
      }
    >
      <p className="admin-muted analytics-note">有效机时＝仪器预约实际使用的机时＋样品上机时长；服务样品数按收样计；收入为当年订单收款减退款。校内为学生、老师客户，校外（对外服务）为个人、企业客户。</p>
      {isError && <Alert type="error" showIcon message={error instanceof Error ? error.message : '读取失败'} />}
      <Table<InstrumentYearRow>
        size="small"
        rowKey="itemId"
        loading={isPending}
        pagination={false}
        scroll={{ x: 900 }}
        dataSource={data ?? []}
        locale={{ emptyText: `${year}年暂无数据` }}
        columns={[
          { title: '仪器名称', dataIndex: 'name', fixed: 'left', width: 200, ellipsis: true },
          { title: '型号规格', dataIndex: 'model', width: 120, ellipsis: true },
          { title: '有效机时', dataIndex: 'hours', align: 'right' },
          { title: '校内机时', dataIndex: 'hoursInside', align: 'right' },
          { title: '校外机时', dataIndex: 'hoursOutside', align: 'right' },
          { title: '服务样品数', dataIndex: 'samples', align: 'right' },
          { title: '校内 / 校外样品', key: 'split', align: 'right', render: (_, r) => `${r.samplesInside} / ${r.samplesOutside}` },
          { title: '服务收入', dataIndex: 'incomeFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
          { title: '对外服务收入', dataIndex: 'incomeOutsideFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
          { title: '订单数', dataIndex: 'orders', align: 'right' },
        ]}
      />
    </AdminSection>
  );
}

const defaultRange = () => {
  const today = labDay(new Date());
  return { from: addDays(today, -83), to: today };
};

/** /admin/analytics: 运营分析 (lab, finance, admin) — the lab's figures with filters, each tile a chart, its list and its xlsx; and the yearly 大仪考核 report. */
export default function AnalyticsPage() {
  const [filters, setFilters] = useState<AnalyticsFilters>(defaultRange);
  const { data, isPending, isError, error, isFetching } = useAnalytics(filters);
  const range: [Dayjs, Dayjs] = [dayjs(filters.from), dayjs(filters.to)];
  const set = (patch: Partial<AnalyticsFilters>) => setFilters((current) => ({ ...current, ...patch }));
  return (
    <AdminPage title="运营分析" description="检测周期、服务承诺、仪器利用率、样品量、积压、收入与客户，按实验室所在时区（北京时间）的日期统计。">
      <div className="admin-filters analytics-filters">
        <DatePicker.RangePicker
          aria-label="日期范围"
          value={range}
          allowClear={false}
          onChange={(values) => {
            if (values?.[0] && values[1]) set({ from: values[0].format('YYYY-MM-DD'), to: values[1].format('YYYY-MM-DD') });
          }}
        />
        <Select
          aria-label="仪器"
          placeholder="全部仪器"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={filters.itemId}
          onChange={(itemId?: number) => set({ itemId })}
          options={data?.instruments.map((i) => ({ value: i.id, label: i.name }))}
          style={{ minWidth: 200 }}
        />
        <Select
          aria-label="服务分组"
          placeholder="全部分组"
          allowClear
          value={filters.groupId}
          onChange={(groupId?: number) => set({ groupId })}
          options={data?.groups.map((g) => ({ value: g.id, label: g.name }))}
          style={{ minWidth: 140 }}
        />
        <Select
          aria-label="客户类型"
          placeholder="全部客户"
          allowClear
          value={filters.customerType}
          onChange={(customerType?: AnalyticsCustomerType) => set({ customerType })}
          options={ANALYTICS_CUSTOMER_TYPES.map((ct) => ({ value: ct, label: analyticsCustomerTypeLabels[ct] }))}
          style={{ minWidth: 120 }}
        />
        {isFetching && !isPending && <span className="admin-muted">更新中…</span>}
      </div>
      {isError && <Alert type="error" showIcon message={error instanceof Error ? error.message : '读取失败'} />}
      {isPending ? <AdminSection><Skeleton active paragraph={{ rows: 8 }} /></AdminSection> : data ? <Tiles data={data} filters={filters} /> : null}
      <YearReport />
    </AdminPage>
  );
}
