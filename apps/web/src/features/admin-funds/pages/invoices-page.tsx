import { useState } from 'react';
import { Button, Drawer, Select, Space, Upload, type TableColumnsType } from 'antd';
import { financeStatusTones, formatFen, invoiceStatusLabels, invoiceTypeLabels, isElectronicInvoice, redLetterStatusLabels, type AdminInvoice } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { ExportButton } from '../../../components/admin/export-button';
import { exportInvoices } from '../api/exports';
import { Money } from '../../../components/admin/money';
import { useReasonPrompt } from '../../../components/admin/reason-prompt';
import { StatusTag } from '../../../components/admin/status-tag';
import { useServerTable, type TableQuery } from '../../../components/admin/use-server-table';
import { formatDate, formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { rejectInvoice, uploadInvoiceFile } from '../api/decide-invoice';
import { useInvoices } from '../api/list-invoices';
import { useQueueCounts } from '../api/queue-counts';
import { useFinanceMutation } from '../api/use-finance-mutation';
import { FilePreviewModal, type PreviewTarget } from '../components/file-preview';
import { invoiceFileProblem } from '../components/issue-invoice-form';
import { InvoiceSummary, IssueInvoiceModal } from '../components/issue-invoice-modal';
import { MemberCell } from '../../../components/admin/member-cell';
import { owedRedLetters, RedLetterModal } from '../components/red-letter-modal';
import { QueueToolbar, queueQuery } from '../../../components/admin/queue-toolbar';
import '../../../components/admin/finance.css';

/** 待红冲 is a queue of its own: issued invoices whose money was refunded since (the list's red filter, not a status). */
const RED_TAB = 'red';
const invoiceTabs = (redCount: number | undefined) => [
  { value: 'pending', label: '待开票' },
  { value: RED_TAB, label: '待红冲', count: redCount },
  { value: 'issued', label: '已开票' },
  { value: 'rejected', label: '已驳回' },
  { value: 'void', label: '已作废' },
  { value: 'all', label: '全部' },
];
const invoiceQuery = (query: TableQuery) => (query.status === RED_TAB ? { ...query, status: undefined, red: 'needed' } : queueQuery(query));
const typeOptions = [{ value: '', label: '全部发票类型' }, ...[1, 3, 2, 4].map((type) => ({ value: String(type), label: invoiceTypeLabels[type] ?? '' }))];

/** /admin/finance/invoices: 发票管理 — issue an invoice with its file, or reject the application (the money can be applied for again). */
export default function InvoicesPage() {
  const table = useServerTable({ filters: { status: 'pending', keyword: '', from: '', to: '', type: '' } });
  const query = invoiceQuery(table.query);
  const { data, isFetching } = useInvoices(query);
  const counts = useQueueCounts();
  const [issuing, setIssuing] = useState<AdminInvoice | null>(null);
  const [reversing, setReversing] = useState<AdminInvoice | null>(null);
  const [detail, setDetail] = useState<AdminInvoice | null>(null);
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const prompt = useReasonPrompt();
  const reject = useFinanceMutation(rejectInvoice);
  const upload = useFinanceMutation(uploadInvoiceFile);

  const showFile = (i: AdminInvoice) => setPreview({ title: `发票 ${i.invoiceNo ?? ''}`, file: 'invoiceFile', rid: i.rid, fileName: `发票-${i.invoiceNo ?? i.rid}` });

  const askReject = async (i: AdminInvoice) => {
    const reason = await prompt({ title: `驳回开票申请（${i.title.title}）`, label: '驳回原因', placeholder: '例如：抬头与付款单位不一致（会员可见，款项可重新申请开票）', required: true, danger: true, okText: '驳回' });
    if (reason === null) return;
    reject.mutate({ rid: i.rid, version: i.version, reason }, {
      onSuccess: () => {
        feedback.success('已驳回');
      },
    });
  };

  const uploadFile = (i: AdminInvoice, file: File) =>
    upload.mutate({ rid: i.rid, file }, {
      onSuccess: () => {
        feedback.success('发票文件已上传');
      },
    });

  const columns: TableColumnsType<AdminInvoice> = [
    { title: '申请时间', dataIndex: 'createdAt', key: 'createdAt', width: 140, sorter: true, sortOrder: table.sortOrderOf('createdAt'), render: (at: string) => formatDateTime(at) },
    { title: '会员', dataIndex: 'member', width: 130, render: (member: AdminInvoice['member']) => <MemberCell member={member} /> },
    {
      title: '发票类型 / 接收',
      key: 'type',
      width: 210,
      render: (_, i) => (
        <div className="finance-stack">
          <span>{i.typeText}</span>
          <span className="admin-muted">{isElectronicInvoice(i.type) ? i.email : `邮寄：${i.receiver ?? ''} ${i.receiverPhone ?? ''}`}</span>
        </div>
      ),
    },
    {
      title: '抬头',
      key: 'title',
      width: 200,
      render: (_, i) => (
        <div className="finance-stack">
          <span>{i.title.title}</span>
          {i.title.tax_no ? <span className="admin-muted finance-mono">{i.title.tax_no}</span> : null}
        </div>
      ),
    },
    { title: '开票金额', dataIndex: 'amountFen', width: 110, align: 'right', render: (fen: number) => <Money fen={fen} /> },
    {
      title: '状态',
      key: 'status',
      width: 160,
      render: (_, i) => (
        <div className="finance-stack">
          <span>
            <StatusTag status={i.status} labels={invoiceStatusLabels} tones={financeStatusTones.invoice} />
          </span>
          {i.invoiceNo ? <span className="finance-mono">{i.invoiceNo}</span> : null}
          {i.issuedOn ? <span className="admin-muted">{`${formatDate(i.issuedOn)} 开具`}</span> : null}
          {i.rejectReason ? <span className="finance-reason">{i.rejectReason}</span> : null}
          {i.redLetters.map((r) => (
            <span key={r.createdAt + r.reason} className={r.status === 'needed' ? 'finance-reason' : 'admin-muted'}>
              <StatusTag status={r.status} labels={redLetterStatusLabels} tones={financeStatusTones.redLetter} />
              {r.status === 'needed' ? `${formatFen(r.amountFen)}：${r.reason}` : `${formatFen(r.amountFen)} 红字发票 ${r.redInvoiceNo ?? ''}`}
            </span>
          ))}
          {i.staffName ? <span className="admin-muted">{i.staffName}</span> : null}
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 170,
      render: (_, i) => (
        <Space size={0} wrap>
          {i.status === 'pending' ? (
            <>
              <Button type="link" size="small" onClick={() => setIssuing(i)}>
                开票
              </Button>
              <Button type="link" size="small" danger onClick={() => void askReject(i)}>
                驳回
              </Button>
            </>
          ) : null}
          {owedRedLetters(i).length > 0 ? (
            <Button type="link" size="small" danger onClick={() => setReversing(i)}>
              登记红冲
            </Button>
          ) : null}
          {i.status === 'issued' && i.hasFile ? (
            <Button type="link" size="small" onClick={() => showFile(i)}>
              查看发票
            </Button>
          ) : null}
          {i.status === 'issued' ? (
            <Upload
              accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
              showUploadList={false}
              beforeUpload={(file) => {
                // a file the server would refuse is not sent (uploaded as soon as it is chosen)
                const problem = invoiceFileProblem(file);
                if (problem) feedback.failure(new Error(problem));
                else uploadFile(i, file);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button type="link" size="small">
                {i.hasFile ? '替换文件' : '上传文件'}
              </Button>
            </Upload>
          ) : null}
          <Button type="link" size="small" onClick={() => setDetail(i)}>
            详情
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <AdminPage
      title="发票管理"
      description="按会员的开票申请在开票系统中开具发票，登记发票号码与日期并上传电子发票，会员即可在发票记录中下载；驳回后相应款项可重新申请。订单取消退款后，待开票的申请自动扣除或作废该款项，已开票的发票进入待红冲，开具红字发票后在此登记。"
      extra={<ExportButton save={() => exportInvoices(query)} />}
    >
      <AdminSection>
        <QueueToolbar
          tabs={invoiceTabs(counts.data?.invoiceRed)}
          status={table.filters.status}
          pendingCount={counts.data?.invoice}
          keyword={table.filters.keyword}
          from={table.filters.from}
          to={table.filters.to}
          keywordPlaceholder="手机号、姓名或发票号码"
          onChange={table.setFilters}
        >
          <Select style={{ width: 180 }} value={table.filters.type} options={typeOptions} onChange={(type) => table.setFilters({ type })} aria-label="发票类型" />
        </QueueToolbar>
        <AdminTable<AdminInvoice>
          rowKey="rid"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          scroll={{ x: 1120 }}
          locale={{ emptyText: table.filters.status === 'pending' ? '没有待开票的申请' : table.filters.status === RED_TAB ? '没有待红冲的发票' : '没有符合条件的开票申请' }}
        />
      </AdminSection>
      <IssueInvoiceModal invoice={issuing} onClose={() => setIssuing(null)} />
      <RedLetterModal invoice={reversing} onClose={() => setReversing(null)} />
      <Drawer open={detail !== null} title="开票申请详情" onClose={() => setDetail(null)} size="large" destroyOnHidden>
        {detail ? (
          <>
            <InvoiceSummary invoice={detail} />
            <p className="admin-muted">
              {`申请人 ${detail.member.name} ${detail.member.phone}，${formatDateTime(detail.createdAt)} 提交。`}
              {detail.invoiceNo ? `发票号码 ${detail.invoiceNo}，${formatDate(detail.issuedOn)} 开具。` : ''}
              {detail.redLetters.map((r) => `${r.statusText} ${formatFen(r.amountFen)}（${r.reason}${r.redInvoiceNo ? `；红字发票 ${r.redInvoiceNo}，${formatDate(r.redIssuedOn)} 开具` : ''}）。`).join('')}
            </p>
          </>
        ) : null}
      </Drawer>
      <FilePreviewModal target={preview} onClose={() => setPreview(null)} />
    </AdminPage>
  );
}
