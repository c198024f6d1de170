import { Alert, Button, Descriptions, Empty, Modal, Pagination, Skeleton, Tabs, Tag } from 'antd';
import { DownloadOutlined, FileAddOutlined } from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { formatFen, type InvoiceApplication, type InvoiceStatus, type RedLetter } from '@lab/contract';
import { formatDate } from '../../../lib/format';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useAsset } from '../api/get-asset';
import { useInvoiceApplications } from '../api/list-invoice-applications';
import { useInvoiceApplication } from '../api/get-invoice-application';
import { downloadInvoice } from '../api/download-invoice';
import { InvoiceApplyModal } from '../components/invoice-apply-modal';
import { itemText } from '../components/invoice-sources';
import { formatDateTime } from '../components/money';
import '../../../components/member/member-pages.css';
import '../components/funds.css';

const statusColor: Record<InvoiceStatus, string> = { pending: 'processing', issued: 'success', rejected: 'error', void: 'default' };

/** 待红冲 ¥300.00（订单 KY… 已取消，退款 ¥300.00）/ 已红冲 ¥300.00，红字发票 … */
const redLetterText = (r: RedLetter) =>
  r.status === 'needed' ? `${r.statusText} ${formatFen(r.amountFen)}（${r.reason}）` : `${r.statusText} ${formatFen(r.amountFen)}，红字发票 ${r.redInvoiceNo ?? ''}（${formatDate(r.redIssuedOn)} 开具）`;

function DownloadButton({ invoice }: { invoice: InvoiceApplication }) {
  const download = useApiMutation({ mutationFn: () => downloadInvoice(invoice.rid, invoice.invoiceNo) });
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      loading={download.isPending}
      onClick={() => download.mutate()}
    >
      下载发票
    </Button>
  );
}

function InvoiceInfoModal({ rid, onClose }: { rid: string; onClose: () => void }) {
  const { data, isPending, isError, error } = useInvoiceApplication(rid);
  return (
    <Modal open title="开票申请详情" onCancel={onClose} footer={null} destroyOnHidden centered width={640}>
      {isPending ? (
        <Skeleton active />
      ) : isError ? (
        <Alert type="error" showIcon title="加载失败" description={error.message} />
      ) : (
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            { key: 'type', label: '发票类型', children: data.typeText },
            { key: 'status', label: '状态', children: <Tag color={statusColor[data.status]}>{data.statusText}</Tag> },
            { key: 'amount', label: '开票金额', children: formatFen(data.amountFen) },
            { key: 'title', label: '发票抬头', children: `${data.title.title}${data.title.tax_no ? `（税号 ${data.title.tax_no}）` : ''}` },
            ...(data.title.bank ? [{ key: 'bank', label: '开户行及账号', children: `${data.title.bank} ${data.title.bank_account ?? ''}` }] : []),
            { key: 'items', label: '开票内容', children: data.items.map(itemText).join('；') },
            data.email
              ? { key: 'email', label: '接收邮箱', children: data.email }
              : { key: 'post', label: '邮寄信息', children: `${data.receiver ?? ''} ${data.receiverPhone ?? ''} ${data.receiverAddress ?? ''}` },
            ...(data.invoiceNo ? [{ key: 'no', label: '发票号码', children: `${data.invoiceNo}（${formatDate(data.issuedOn)} 开具）` }] : []),
            ...(data.rejectReason ? [{ key: 'reject', label: data.status === 'void' ? '作废原因' : '驳回原因', children: data.rejectReason }] : []),
            ...(data.redLetters.length ? [{ key: 'red', label: '红冲', children: data.redLetters.map(redLetterText).join('；') }] : []),
            ...(data.remark ? [{ key: 'remark', label: '备注', children: data.remark }] : []),
            { key: 'created', label: '申请时间', children: formatDateTime(data.createdAt) },
          ]}
        />
      )}
    </Modal>
  );
}

type PackSlot = (invoice: InvoiceApplication) => ReactNode;

function InvoiceList({ status, onEdit, pack }: { status: InvoiceStatus | undefined; onEdit: (invoice: InvoiceApplication) => void; pack: PackSlot | undefined }) {
  const [page, setPage] = useState(1);
  const [info, setInfo] = useState<string | null>(null);
  const { data, isPending, isError, error } = useInvoiceApplications(page, status);
  if (isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (isError) return <Alert type="error" showIcon title="发票记录加载失败" description={error.message} />;
  if (data.list.length === 0) return <Empty className="member-empty" description={status === 'issued' ? '还没有已开具的发票' : '暂无开票申请'} />;
  return (
    <>
      <ul className="member-list" aria-label="发票记录">
        {data.list.map((i) => (
          <li key={i.rid} className="member-item" data-testid="invoice-item">
            <div className="member-item-main">
              <h3>
                {i.typeText}
                <strong>{formatFen(i.amountFen)}</strong>
                <Tag color={statusColor[i.status]}>{i.statusText}</Tag>
              </h3>
              <p>抬头：{i.title.title}</p>
              <p className="member-muted" data-testid="invoice-items">开票内容：{i.items.map(itemText).join('；')}</p>
              {i.invoiceNo ? (
                <p className="funds-meta">
                  <span>发票号码：{i.invoiceNo}</span>
                  <span>开票日期：{formatDate(i.issuedOn)}</span>
                </p>
              ) : null}
              {i.rejectReason ? <p className="funds-error-text">{i.status === 'void' ? '作废原因' : '驳回原因'}：{i.rejectReason}</p> : null}
              {i.redLetters.map((r) => (
                <p key={r.createdAt + r.reason} className={r.status === 'needed' ? 'funds-error-text' : 'member-muted'}>
                  {redLetterText(r)}
                </p>
              ))}
              <p className="member-muted">申请时间 {formatDateTime(i.createdAt)}</p>
            </div>
            <div className="member-item-actions">
              {i.hasFile ? <DownloadButton invoice={i} /> : null}
              {i.status === 'issued' || i.status === 'pending' ? pack?.(i) : null}
              {i.status === 'pending' ? (
                <Button size="small" onClick={() => onEdit(i)}>
                  修改
                </Button>
              ) : null}
              <Button size="small" type="link" onClick={() => setInfo(i.rid)}>
                详情
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {data.total > data.pageSize ? <Pagination align="end" current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} /> : null}
      {info ? <InvoiceInfoModal rid={info} onClose={() => setInfo(null)} /> : null}
    </>
  );
}

/** 发票记录: my invoice applications and issued invoices; apply for one covering confirmed top-ups and online payments. `pack`: each invoice's 报销材料 button, put in by a view. */
export default function InvoiceRecordsPage({ pack }: { pack?: PackSlot } = {}) {
  const asset = useAsset();
  const [editing, setEditing] = useState<InvoiceApplication | 'new' | null>(null);
  return (
    <div className="member-page">
      <div className="member-page-head">
        <h1 className="page-title">发票记录</h1>
        <Button type="primary" icon={<FileAddOutlined />} onClick={() => setEditing('new')}>
          申请开票
        </Button>
      </div>
      <p className="member-page-lead">
        可开票金额 <strong className="funds-figure-inline" data-testid="invoiceable">{asset.data ? formatFen(asset.data.invoiceableFen) : '–'}</strong>
        {' '}已确认到账的预存款、在线充值和在线支付的订单（按在线支付部分）可申请开票，同一笔款项只开一次；电子发票开具后可在此下载。
      </p>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'all', label: '全部', children: <InvoiceList status={undefined} onEdit={setEditing} pack={pack} /> },
          { key: 'pending', label: '待开票', children: <InvoiceList status="pending" onEdit={setEditing} pack={pack} /> },
          { key: 'issued', label: '已开票', children: <InvoiceList status="issued" onEdit={setEditing} pack={pack} /> },
          { key: 'rejected', label: '已驳回', children: <InvoiceList status="rejected" onEdit={setEditing} pack={pack} /> },
          { key: 'void', label: '已作废', children: <InvoiceList status="void" onEdit={setEditing} pack={pack} /> },
        ]}
      />
      {editing ? <InvoiceApplyModal editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
