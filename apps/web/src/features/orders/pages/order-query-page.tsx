import { Alert, Button, DatePicker, Empty, Form, Grid, Input, Pagination, Select, Skeleton, Table, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Dayjs } from 'dayjs';
import { formatFen, orderListBody, type OrderSummary, type OrderTab } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { useOrders, type OrderFilter } from '../api/list-orders';
import { OrderTags } from '../components/order-tags';
import { OrderCard } from '../components/order-card';
import { formatDateTime, QUERY_STATUSES, tabLabel } from '../components/order-format';
import '../../../components/member/member-pages.css';
import '../components/orders.css';

interface QueryForm {
  order_no?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
  tab?: OrderTab;
  keyword?: string;
}

const PAGE_SIZE = 10;

/** The query as the list call takes it. */
const filterOf = (values: QueryForm) => ({
  tab: values.tab ?? 'all',
  order_no: values.order_no?.trim() || undefined,
  keyword: values.keyword?.trim() || undefined,
  from: values.range?.[0]?.format('YYYY-MM-DD'),
  to: values.range?.[1]?.format('YYYY-MM-DD'),
});

const columns: TableColumnsType<OrderSummary> = [
  {
    title: '订单编号',
    dataIndex: 'orderNo',
    className: 'ord-cell-no',
    width: 200,
    render: (no: string) => <Link to={`/member/order/${encodeURIComponent(no)}`}>{no}</Link>,
  },
  { title: '下单时间', dataIndex: 'createdAt', className: 'ord-cell-time', width: 150, render: (v: string) => formatDateTime(v), responsive: ['md'] },
  { title: '检测项目', dataIndex: 'title' },
  { title: '应付金额', dataIndex: 'payableFen', align: 'right', className: 'ord-cell-money', render: (v: number) => formatFen(v) },
  { title: '状态', key: 'status', width: 150, render: (_, o) => <OrderTags order={o} /> },
  {
    title: '操作',
    key: 'actions',
    render: (_, o) => <Link to={`/member/order/${encodeURIComponent(o.orderNo)}${o.actions.pay ? '?pay=1' : ''}`}>{o.actions.pay ? '去支付' : '查看详情'}</Link>,
  },
];

/** 订单查询: by order number, date range, status and project name. */
export default function OrderQueryPage() {
  const [form] = Form.useForm<QueryForm>();
  const [filter, setFilter] = useState<Omit<OrderFilter, 'page'>>({ tab: 'all', pageSize: PAGE_SIZE });
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error: loadError, isFetching } = useOrders({ ...filter, page });
  // phones: the results as cards, a table does not fit
  const narrow = Grid.useBreakpoint().md === false;

  const search = (values: QueryForm) => {
    setFilter({ ...filterOf(values), pageSize: PAGE_SIZE });
    setPage(1);
  };

  return (
    <div className="member-page ord-page">
      <div className="member-page-head">
        <h1 className="page-title">订单查询</h1>
      </div>
      <section className="member-card" aria-label="查询条件">
        <SchemaForm
          form={form}
          name="order-query"
          schema={orderListBody}
          body={filterOf}
          places={{ from: 'range', to: 'range' }}
          layout="vertical"
          className="ord-query-form"
          onSubmit={(_checked, values) => search(values)}
          initialValues={{ tab: 'all' }}
        >
          <Form.Item label="订单编号" name="order_no">
            <Input allowClear maxLength={32} placeholder="输入完整或部分订单编号" />
          </Form.Item>
          <Form.Item label="下单日期" name="range">
            <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={['开始日期', '结束日期']} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="订单状态" name="tab">
            <Select aria-label="订单状态" options={QUERY_STATUSES.map((t) => ({ value: t, label: tabLabel(t) }))} />
          </Form.Item>
          <Form.Item label="项目名称" name="keyword">
            <Input allowClear maxLength={50} placeholder="如：XRD、扫描电镜" />
          </Form.Item>
          <div className="ord-query-buttons">
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={isFetching && !isPending}>
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({ tab: 'all' });
              }}
            >
              重置
            </Button>
          </div>
        </SchemaForm>
      </section>
      {isError ? (
        <Alert type="error" showIcon title="订单加载失败" description={loadError.message} />
      ) : (
        <section className="member-card" aria-label="查询结果">
          <h2 className="member-card-title">查询结果{data ? `（${data.total}）` : ''}</h2>
          {narrow ? (
            isPending ? (
              <Skeleton active paragraph={{ rows: 4 }} />
            ) : data.list.length === 0 ? (
              <Empty className="member-empty" description="没有符合条件的订单" />
            ) : (
              <>
                <ul className="ord-list" aria-label="查询到的订单">
                  {data.list.map((o) => (
                    <OrderCard key={o.orderNo} order={o} />
                  ))}
                </ul>
                {data.total > PAGE_SIZE ? <Pagination align="end" current={page} pageSize={PAGE_SIZE} total={data.total} onChange={setPage} showSizeChanger={false} /> : null}
              </>
            )
          ) : (
            <div className="member-table-wrap">
              <Table<OrderSummary>
                className="ord-table"
                rowKey="orderNo"
                size="middle"
                loading={isPending}
                columns={columns}
                dataSource={data?.list ?? []}
                locale={{ emptyText: '没有符合条件的订单' }}
                pagination={
                  data && data.total > PAGE_SIZE
                    ? { current: page, pageSize: PAGE_SIZE, total: data.total, onChange: setPage, showSizeChanger: false, showTotal: (t) => `共 ${t} 个订单` }
                    : false
                }
              />
            </div>
          )}
        </section>
      )}
    </div>
  );
}
