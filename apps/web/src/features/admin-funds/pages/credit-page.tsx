import { useState } from 'react';
import { Typography, type TableColumnsType } from 'antd';
import { creditStatusLabels, financeStatusTones, type AdminCredit } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { Money } from '../../../components/admin/money';
import { StatusTag } from '../../../components/admin/status-tag';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { refuseCredit } from '../api/decide-credit';
import { useCreditApplications } from '../api/list-credit';
import { useQueueCounts } from '../api/queue-counts';
import { ApproveCreditModal } from '../components/approve-credit-modal';
import { DecisionCell, PendingActions } from '../components/decision-cells';
import { useRefuseWithReason } from '../components/use-refuse-with-reason';
import { QueueToolbar, queueQuery } from '../../../components/admin/queue-toolbar';
import '../../../components/admin/finance.css';

const tabs = [
  { value: 'pending', label: '审核中' },
  { value: 'approved', label: '已通过' },
  { value: 'refused', label: '未通过' },
  { value: 'cancelled', label: '已取消' },
  { value: 'all', label: '全部' },
];

/** /admin/finance/credit: 信用额度 — teachers' and enterprises' applications to test first and pay later, approved with a limit or refused. */
export default function CreditPage() {
  const table = useServerTable({ filters: { status: 'pending', keyword: '', from: '', to: '' } });
  const { data, isFetching } = useCreditApplications(queueQuery(table.query));
  const counts = useQueueCounts();
  const [approving, setApproving] = useState<AdminCredit | null>(null);
  const refuseWithReason = useRefuseWithReason(refuseCredit);

  const askRefuse = (a: AdminCredit) => refuseWithReason(a, { title: `驳回 ${a.member.name} 的信用额度申请`, placeholder: '会员可见' });

  const columns: TableColumnsType<AdminCredit> = [
    { title: '申请时间', dataIndex: 'createdAt', key: 'createdAt', width: 140, sorter: true, sortOrder: table.sortOrderOf('createdAt'), render: (at: string) => formatDateTime(at) },
    {
      title: '申请人',
      key: 'member',
      width: 180,
      render: (_, a) => (
        <div className="admin-member-cell">
          <span>
            {a.member.name} <span className="admin-muted">· {a.organizationText}</span>
          </span>
          <span className="admin-muted">{a.member.phone}</span>
          {a.member.company ? <span className="admin-muted">{a.member.company}</span> : null}
        </div>
      ),
    },
    { title: '申请额度', dataIndex: 'requestedFen', width: 110, align: 'right', render: (fen: number) => <Money fen={fen} /> },
    { title: '当前额度', dataIndex: 'currentLimitFen', width: 110, align: 'right', render: (fen: number) => (fen > 0 ? <Money fen={fen} /> : <span className="admin-muted">无</span>) },
    {
      title: '申请说明',
      key: 'reason',
      width: 240,
      render: (_, a) => (
        <div className="finance-stack">
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: a.reason }} style={{ margin: 0 }}>
            {a.reason}
          </Typography.Paragraph>
          {a.contact ? <span className="admin-muted">{`联系人：${a.contact}`}</span> : null}
        </div>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 150,
      render: (_, a) => (
        <DecisionCell
          tag={<StatusTag status={a.status} labels={creditStatusLabels} tones={financeStatusTones.credit} />}
          extra={a.approvedFen !== null ? <span>核定 <Money fen={a.approvedFen} /></span> : null}
          note={a.decisionNote}
          refused={a.status === 'refused'}
          staffName={a.staffName}
          decidedAt={a.decidedAt}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_, a) => <PendingActions pending={a.status === 'pending'} approveText="批准" onApprove={() => setApproving(a)} onRefuse={() => void askRefuse(a)} />,
    },
  ];

  return (
    <AdminPage title="信用额度" description="认证为老师或企业的会员可申请先测试后结算的信用额度；批准时可核定不同于申请的额度。">
      <AdminSection>
        <QueueToolbar
          tabs={tabs}
          status={table.filters.status}
          pendingCount={counts.data?.credit}
          keyword={table.filters.keyword}
          from={table.filters.from}
          to={table.filters.to}
          keywordPlaceholder="手机号、姓名或单位"
          onChange={table.setFilters}
        />
        <AdminTable<AdminCredit>
          rowKey="rid"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          scroll={{ x: 1060 }}
          locale={{ emptyText: table.filters.status === 'pending' ? '没有审核中的信用额度申请' : '没有符合条件的申请' }}
        />
      </AdminSection>
      <ApproveCreditModal application={approving} onClose={() => setApproving(null)} />
    </AdminPage>
  );
}
