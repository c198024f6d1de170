import { useState } from 'react';
import { Button, DatePicker, Drawer, Form, Modal, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { adminReconcileRunBody, type AdminReconcileRunBody, type ReconcileLine, type ReconcileRun } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { Money } from '../../../components/admin/money';
import { useReasonPrompt } from '../../../components/admin/reason-prompt';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { SchemaForm } from '../../../components/schema-form';
import { rerunReconcile, resolveDifference, useReconcileRun, useReconcileRuns } from '../api/online-payments';
import { useFinanceMutation } from '../../admin-funds/api/use-finance-mutation';
import '../../../components/admin/finance.css';

const vendorOptions = [
  { value: '', label: '全部渠道' },
  { value: 'wechat', label: '微信支付' },
  { value: 'alipay', label: '支付宝' },
];
const muted = (text: string | null | undefined) => text || <span className="admin-muted">—</span>;
const stateText: Record<string, string> = { none: '本地无记录', open: '待支付', closed: '已关闭', failed: '支付失败', processing: '退款中', abnormal: '退款异常' };
const yesterday = () => dayjs().subtract(1, 'day');

/** The 对账 of a run: both sides' count and amount. */
function Totals({ run }: { run: ReconcileRun }) {
  return (
    <span className="finance-mono">
      {run.billPayCount}笔 <Money fen={run.billPayFen} /> / {run.ourPayCount}笔 <Money fen={run.ourPayFen} />
    </span>
  );
}

/** /admin/finance/payments?tab=reconcile: 对账 — each day's bill of each channel against our records, the differences and their handling. */
export default function ReconcilePage() {
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null]>([dayjs().subtract(30, 'day'), dayjs()]);
  const [vendor, setVendor] = useState('');
  const query = { from: range[0]?.format('YYYY-MM-DD'), to: range[1]?.format('YYYY-MM-DD'), vendor: (vendor || undefined) as AdminReconcileRunBody['vendor'] };
  const { data, isFetching } = useReconcileRuns(query);
  const [open, setOpen] = useState<number | null>(null);
  const [asking, setAsking] = useState(false);

  const columns: TableColumnsType<ReconcileRun> = [
    { title: '账单日期', dataIndex: 'day', width: 110 },
    { title: '渠道', dataIndex: 'vendorText', width: 90 },
    { title: '支付（渠道 / 本地）', key: 'pays', width: 280, render: (_, r) => (r.state === 'done' ? <Totals run={r} /> : muted('')) },
    {
      title: '退款（渠道 / 本地）',
      key: 'refunds',
      width: 280,
      render: (_, r) =>
        r.state === 'done' ? (
          <span className="finance-mono">
            {r.billRefundCount}笔 <Money fen={r.billRefundFen} /> / {r.ourRefundCount}笔 <Money fen={r.ourRefundFen} />
          </span>
        ) : (
          muted('')
        ),
    },
    {
      title: '结果',
      key: 'result',
      width: 170,
      render: (_, r) =>
        r.state === 'failed' ? (
          <Tag color="error" title={r.error}>账单下载失败</Tag>
        ) : r.mismatchCount === 0 ? (
          <Tag color="success">一致</Tag>
        ) : (
          <Tag color={r.openCount ? 'warning' : 'default'}>{r.openCount ? `${r.openCount}条差异待处理` : `${r.mismatchCount}条差异已处理`}</Tag>
        ),
    },
    { title: '对账时间', dataIndex: 'ranAt', width: 150, render: (at: string, r) => `${formatDateTime(at)}${r.runBy === 'staff' ? `（${r.staffName ?? '员工'}）` : ''}` },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 90,
      render: (_, r) => (
        <Button size="small" onClick={() => setOpen(r.id)}>
          查看
        </Button>
      ),
    },
  ];

  return (
    <AdminPage
      title="对账"
      description="每天按后台任务设置的时间下载前一天的微信支付、支付宝账单，与本地已支付的在线支付和退款成功的记录逐笔核对；差异须由财务核实后填写处理说明。"
      extra={
        <Button type="primary" onClick={() => setAsking(true)}>
          重新对账
        </Button>
      }
    >
      <AdminSection>
        <div className="admin-filters">
          <DatePicker.RangePicker
            value={range}
            allowEmpty={[true, true]}
            aria-label="账单日期"
            placeholder={['开始日期', '结束日期']}
            onChange={(values) => setRange([values?.[0] ?? null, values?.[1] ?? null])}
          />
          <Select aria-label="支付渠道" style={{ width: 120 }} value={vendor} options={vendorOptions} onChange={setVendor} />
        </div>
        <AdminTable<ReconcileRun> rowKey="id" columns={columns} query={{ data, isFetching }} scroll={{ x: 1250 }} pagination={{ pageSize: 31, hideOnSinglePage: true }} locale={{ emptyText: '该期间没有对账记录' }} />
      </AdminSection>
      {asking && <RerunModal onClose={() => setAsking(false)} onDone={(runs) => runs[0] && setOpen(runs[0].id)} />}
      <RunDrawer id={open} onClose={() => setOpen(null)} />
    </AdminPage>
  );
}

function RerunModal({ onClose, onDone }: { onClose: () => void; onDone: (runs: ReconcileRun[]) => void }) {
  const [form] = Form.useForm<{ day: Dayjs | null; vendor: string }>();
  const run = useFinanceMutation(rerunReconcile);
  const submit = (checked: AdminReconcileRunBody) => {
    run.mutate(
      { day: checked.day, vendor: checked.vendor },
      {
        onSuccess: (runs) => {
          feedback.success('对账已完成');
          onClose();
          onDone(runs);
        },
      },
    );
  };
  return (
    <Modal open title="重新对账" okText="下载账单并对账" cancelText="取消" onOk={() => form.submit()} onCancel={onClose} confirmLoading={run.isPending} destroyOnHidden width={440}>
      <p className="admin-muted">重新下载该日账单并核对，替换该日原有结果；同一差异已填写的处理说明会保留。</p>
      <SchemaForm
        form={form}
        name="reconcile-run"
        schema={adminReconcileRunBody}
        body={({ day, vendor }) => ({ day: day ? day.format('YYYY-MM-DD') : '', vendor: vendor || undefined })}
        layout="vertical"
        initialValues={{ day: yesterday(), vendor: '' }}
        onSubmit={submit}
      >
        <Form.Item label="账单日期" name="day" required>
          <DatePicker disabledDate={(d) => !d.isBefore(dayjs(), 'day')} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="支付渠道" name="vendor">
          <Select options={vendorOptions.map((o) => (o.value ? o : { ...o, label: '所有已开通渠道' }))} />
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}

function RunDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data, isError } = useReconcileRun(id);
  const prompt = useReasonPrompt();
  const resolve = useFinanceMutation(resolveDifference);
  const askResolve = async (line: ReconcileLine) => {
    const note = await prompt({ title: `处理差异：${line.kindText}`, label: '处理说明', placeholder: '例如：已在商户平台核实为渠道手续费差额；已补记入账', required: true, maxLength: 500, okText: '标记已处理' });
    if (note === null) return;
    resolve.mutate({ id: line.id, note }, { onSuccess: () => feedback.success('差异已处理') });
  };
  const columns: TableColumnsType<ReconcileLine> = [
    { title: '差异', dataIndex: 'kindText', width: 170 },
    { title: '单号', key: 'no', width: 220, render: (_, l) => <span className="finance-mono">{l.refundNo ?? l.paymentNo}</span> },
    { title: '渠道金额', dataIndex: 'billFen', width: 110, align: 'right', render: (fen: number | null) => <Money fen={fen} /> },
    { title: '本地金额', dataIndex: 'ourFen', width: 110, align: 'right', render: (fen: number | null) => <Money fen={fen} /> },
    { title: '本地状态', dataIndex: 'ourState', width: 100, render: (state: string) => muted(stateText[state] ?? state) },
    {
      title: '处理',
      key: 'resolve',
      width: 220,
      render: (_, l) =>
        l.resolvedAt ? (
          <span>
            {l.resolveNote}
            <br />
            <span className="admin-muted">
              {l.resolvedByName ?? ''} {formatDateTime(l.resolvedAt)}
            </span>
          </span>
        ) : (
          <Button size="small" type="primary" ghost loading={resolve.isPending && resolve.variables?.id === l.id} onClick={() => void askResolve(l)}>
            处理
          </Button>
        ),
    },
  ];
  const run = data?.run;
  return (
    <Drawer open={id !== null} onClose={onClose} title={run ? `${run.day} ${run.vendorText}对账` : '对账详情'} size="large" destroyOnHidden>
      {isError && <p className="admin-muted">对账记录加载失败，请关闭后重试</p>}
      {run && data && (
        <>
          <Space direction="vertical" className="finance-totals">
            {run.state === 'failed' ? (
              <span className="finance-out">{run.error}</span>
            ) : (
              <>
                <span>
                  支付：渠道 {run.billPayCount} 笔 <Money fen={run.billPayFen} />，本地 {run.ourPayCount} 笔 <Money fen={run.ourPayFen} />
                </span>
                <span>
                  退款：渠道 {run.billRefundCount} 笔 <Money fen={run.billRefundFen} />，本地 {run.ourRefundCount} 笔 <Money fen={run.ourRefundFen} />
                </span>
              </>
            )}
          </Space>
          <Table<ReconcileLine> size="small" rowKey="id" columns={columns} dataSource={data.lines} pagination={false} scroll={{ x: 930 }} locale={{ emptyText: run.state === 'done' ? '账单与本地记录一致' : '未能对账' }} />
        </>
      )}
    </Drawer>
  );
}
