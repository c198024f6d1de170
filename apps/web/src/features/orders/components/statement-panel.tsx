import { Alert, Button, DatePicker, Form, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Dayjs } from 'dayjs';
import { formatFen, statementBody, type Statement } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { SchemaForm } from '../../../components/schema-form';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { exportStatement, useStatement, type StatementRange } from '../api/statement';
import { formatDateTime } from './order-format';

type Row = Statement['orders'][number];

const columns: TableColumnsType<Row> = [
  { title: '订单编号', dataIndex: 'orderNo', className: 'ord-cell-no', render: (no: string) => <Link to={`/member/order/${encodeURIComponent(no)}`}>{no}</Link> },
  { title: '下单时间', dataIndex: 'createdAt', className: 'ord-cell-time', width: 150, render: (v: string) => formatDateTime(v), responsive: ['md'] },
  { title: '检测项目', dataIndex: 'title', responsive: ['sm'] },
  { title: '状态', key: 'status', width: 140, render: (_, r) => `${r.progressText} / ${r.paymentText}`, responsive: ['lg'] },
  // a phone has room for the number and what is still due; 应付 and 已付 from 576 px on, the totals sit above
  { title: '应付', dataIndex: 'payableFen', align: 'right', className: 'ord-cell-money', render: (v: number) => formatFen(v), responsive: ['sm'] },
  { title: '已付', dataIndex: 'paidFen', align: 'right', className: 'ord-cell-money', render: (v: number) => formatFen(v), responsive: ['md'] },
  { title: '支付方式', dataIndex: 'payChannel', width: 120, render: (v: string) => v || '—', responsive: ['lg'] },
  { title: '未付', dataIndex: 'dueFen', align: 'right', className: 'ord-cell-money', render: (v: number) => <span className={v > 0 ? 'ord-due' : undefined}>{formatFen(v)}</span> },
];

/** 对账单: a period's orders with payable, paid and due, and the xlsx export; `pack`: the period's 报销材料 button, put in by a view. */
export function StatementPanel({ pack }: { pack?: (period: { from: string; to: string }) => ReactNode }) {
  const [form] = Form.useForm<{ picked: [Dayjs | null, Dayjs | null] | null }>();
  const [range, setRange] = useState<StatementRange>({});
  const { data, isPending, isError, error: loadError, isFetching } = useStatement(range);
  const rangeOf = ({ picked }: { picked: [Dayjs | null, Dayjs | null] | null }): StatementRange => ({ from: picked?.[0]?.format('YYYY-MM-DD'), to: picked?.[1]?.format('YYYY-MM-DD') });
  const download = useApiMutation({ mutationFn: () => exportStatement(range, data ? { from: data.from, to: data.to } : undefined), onSuccess: (name) => feedback.success(`已导出 ${name}`) });

  return (
    <section className="member-card" aria-label="对账单">
      <div className="ord-card-head-row">
        <h2 className="member-card-title">对账单</h2>
        <div className="member-item-actions">
          {data && data.orders.length > 0 ? pack?.({ from: data.from, to: data.to }) : null}
          <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate()} disabled={!data}>
            导出Excel
          </Button>
        </div>
      </div>
      <SchemaForm
        form={form}
        name="statement"
        schema={statementBody}
        body={(values) => ({ ...rangeOf(values), format: 'json' })}
        places={{ from: 'picked', to: 'picked' }}
        layout="inline"
        className="ord-filters"
        initialValues={{ picked: null }}
        onSubmit={(_checked, values) => setRange(rangeOf(values))}
      >
        <Form.Item name="picked">
          <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={['开始日期', '结束日期']} aria-label="对账期间" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={isFetching && !isPending}>
            查看对账单
          </Button>
        </Form.Item>
      </SchemaForm>
      {isError ? <Alert type="error" showIcon title="对账单加载失败" description={loadError.message} /> : null}
      {data ? (
        <>
          <p className="member-muted" data-testid="statement-period">
            对账期间 {data.from} 至 {data.to}，共 {data.orders.length} 个订单
          </p>
          <dl className="ord-figures" aria-label="对账合计">
            <div>
              <dt>订单金额</dt>
              <dd>{formatFen(data.totalFen)}</dd>
            </div>
            <div>
              <dt>已付金额</dt>
              <dd>{formatFen(data.paidFen)}</dd>
            </div>
            <div>
              <dt>未付金额</dt>
              <dd className={data.dueFen > 0 ? 'ord-due' : undefined} data-testid="statement-due">
                {formatFen(data.dueFen)}
              </dd>
            </div>
          </dl>
          <div className="member-table-wrap">
            <Table<Row> className="ord-table" rowKey="orderNo" size="small" columns={columns} dataSource={data.orders} pagination={data.orders.length > 10 ? { pageSize: 10, showSizeChanger: false } : false} locale={{ emptyText: '该期间没有订单' }} />
          </div>
        </>
      ) : null}
    </section>
  );
}
