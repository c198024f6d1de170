import { useState } from 'react';
import { Button, Tooltip, Typography, type TableColumnsType } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { financeStatusTones, prestoreStatusLabels, type AdminPrestore } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { ExportButton } from '../../../components/admin/export-button';
import { exportPrestores } from '../api/exports';
import { Money } from '../../../components/admin/money';
import { StatusTag } from '../../../components/admin/status-tag';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { refusePrestore } from '../api/decide-prestore';
import { usePrestores } from '../api/list-prestores';
import { useQueueCounts } from '../api/queue-counts';
import { ConfirmPrestoreModal } from '../components/confirm-prestore-modal';
import { FilePreviewModal, type PreviewTarget } from '../components/file-preview';
import { DecisionCell, PendingActions } from '../components/decision-cells';
import { useRefuseWithReason } from '../components/use-refuse-with-reason';
import { MemberCell } from '../../../components/admin/member-cell';
import { QueueToolbar, queueQuery } from '../../../components/admin/queue-toolbar';
import '../../../components/admin/finance.css';

const tabs = [
  { value: 'pending', label: '待确认到账' },
  { value: 'confirmed', label: '已到账' },
  { value: 'refused', label: '已驳回' },
  { value: 'cancelled', label: '已取消' },
  { value: 'all', label: '全部' },
];

/** /admin/finance/prestores: 预存审核 — confirm a top-up once the transfer is on the bank statement, or refuse it with a reason. */
export default function PrestoresPage() {
  const table = useServerTable({ filters: { status: 'pending', keyword: '', from: '', to: '' } });
  const query = queueQuery(table.query);
  const { data, isFetching } = usePrestores(query);
  const counts = useQueueCounts();
  const [confirming, setConfirming] = useState<AdminPrestore | null>(null);
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const refuseWithReason = useRefuseWithReason(refusePrestore);

  const showReceipt = (a: AdminPrestore) => setPreview({ title: `转账凭证 · ${a.applyNo}`, file: 'prestoreReceipt', rid: a.rid, fileName: `转账凭证-${a.applyNo}` });

  const askRefuse = (a: AdminPrestore) => refuseWithReason(a, { title: `驳回预存申请 ${a.applyNo}`, placeholder: '例如：未查到该笔转账 / 金额与申请不符（会员可见）' });

  const columns: TableColumnsType<AdminPrestore> = [
    { title: '申请时间', dataIndex: 'createdAt', key: 'createdAt', width: 140, sorter: true, sortOrder: table.sortOrderOf('createdAt'), render: (at: string) => formatDateTime(at) },
    { title: '预存单号', dataIndex: 'applyNo', width: 170, render: (no: string) => <Typography.Text className="finance-mono" copyable={{ text: no, tooltips: ['复制', '已复制'] }}>{no}</Typography.Text> },
    { title: '会员', dataIndex: 'member', width: 130, render: (member: AdminPrestore['member']) => <MemberCell member={member} /> },
    {
      title: '付款户名 / 入账账户',
      key: 'payer',
      width: 180,
      render: (_, a) => (
        <div className="finance-stack">
          <span>{a.payer || <span className="admin-muted">未填写付款户名</span>}</span>
          <span className="admin-muted">{a.community ? `入账：团体「${a.community.name}」` : '入账：个人账户'}</span>
        </div>
      ),
    },
    {
      title: '预存金额',
      key: 'amount',
      width: 120,
      align: 'right',
      render: (_, a) => (
        <div className="finance-stack">
          <Money fen={a.amountFen} />
          {a.bonusFen > 0 ? (
            <span className="admin-muted">
              赠 <Money fen={a.bonusFen} />
            </span>
          ) : null}
        </div>
      ),
    },
    {
      title: '凭证',
      key: 'receipt',
      width: 80,
      render: (_, a) =>
        a.hasReceipt ? (
          <Button type="link" size="small" icon={<PaperClipOutlined />} onClick={() => showReceipt(a)} style={{ paddingInline: 0 }}>
            查看
          </Button>
        ) : (
          <span className="admin-muted">未上传</span>
        ),
    },
    {
      title: '状态',
      key: 'status',
      width: 150,
      render: (_, a) => (
        <DecisionCell
          tag={<StatusTag status={a.status} labels={prestoreStatusLabels} tones={financeStatusTones.prestore} />}
          note={a.refuseReason}
          staffName={a.staffName}
          decidedAt={a.decidedAt}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_, a) => (
        <PendingActions
          pending={a.status === 'pending'}
          approveText="确认到账"
          onApprove={() => setConfirming(a)}
          onRefuse={() => void askRefuse(a)}
          done={
            <Tooltip title={a.remark ? `会员备注：${a.remark}` : undefined}>
              <span className="admin-muted">—</span>
            </Tooltip>
          }
        />
      ),
    },
  ];

  return (
    <AdminPage
      title="预存审核"
      description="会员对公转账后提交预存申请；核对银行流水（付款户名、金额、预存单号）后确认到账，款项与赠送金额立即进入会员账户。"
      extra={<ExportButton save={() => exportPrestores(query)} />}
    >
      <AdminSection>
        <QueueToolbar
          tabs={tabs}
          status={table.filters.status}
          pendingCount={counts.data?.prestore}
          keyword={table.filters.keyword}
          from={table.filters.from}
          to={table.filters.to}
          keywordPlaceholder="手机号、姓名或预存单号"
          onChange={table.setFilters}
        />
        <AdminTable<AdminPrestore>
          rowKey="rid"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          scroll={{ x: 1110 }}
          locale={{ emptyText: table.filters.status === 'pending' ? '没有待确认的预存申请' : '没有符合条件的预存申请' }}
        />
      </AdminSection>
      <ConfirmPrestoreModal application={confirming} onClose={() => setConfirming(null)} onShowReceipt={showReceipt} />
      <FilePreviewModal target={preview} onClose={() => setPreview(null)} />
    </AdminPage>
  );
}
