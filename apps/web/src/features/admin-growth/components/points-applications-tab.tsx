import { Link } from 'react-router';
import { useState } from 'react';
import type { TableColumnsType } from 'antd';
import type { AdminPointsApplication } from '@lab/contract';
import { StatusTag } from '../../../components/admin/status-tag';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDate, formatDateTime } from '../../../lib/format';
import { refusePointsApplication } from '../api/decide';
import { usePointsApplications } from '../api/list-points-applications';
import { applicationLabels, applicationTones, withStatus } from '../../../components/admin/review-queue';
import { MemberCell } from '../../../components/admin/member-cell';
import { ReviewStatusFilter, reviewActionsColumn, useReviewActions } from '../../../components/admin/review-queue';
import { PointsApproveModal } from './points-approve-modal';
import { AdminTable } from '../../../components/admin/admin-table';
import { growthKeys } from '../api/keys';

/** 论文致谢奖励: papers acknowledging the lab; approve with the points awarded, or refuse with a reason. */
export function PointsApplicationsTab() {
  const table = useServerTable({ filters: { status: 'pending' }, prefix: 'award' });
  const { data, isFetching } = usePointsApplications(withStatus(table.query));
  const [approving, setApproving] = useState<AdminPointsApplication | null>(null);
  const { onRefuse } = useReviewActions({
    refresh: growthKeys.all,
    refuse: {
      call: refusePointsApplication,
      args: (row: AdminPointsApplication, reason) => ({ rid: row.rid, version: row.version, reason }),
      prompt: (row) => ({ title: `驳回「${row.title}」`, placeholder: '会员将看到此原因，例如：论文致谢中未提及本实验室' }),
      done: '已驳回，已通知会员',
    },
  });

  const columns: TableColumnsType<AdminPointsApplication> = [
    { title: '会员', key: 'member', fixed: 'left', width: 120, render: (_, a) => <MemberCell member={{ rid: a.member.rid, name: a.member.name, phone: a.member.phone }} link /> },
    {
      title: '论文',
      key: 'paper',
      render: (_, a) => (
        <div className="customers-stack">
          <strong className="customers-clip">{a.title}</strong>
          <span className="admin-muted">{a.journal}{a.publishedOn ? ` · ${a.publishedOn}` : ''}</span>
          {a.doi && (
            <a href={`https://doi.org/${encodeURIComponent(a.doi)}`} target="_blank" rel="noreferrer noopener">
              DOI：{a.doi}
            </a>
          )}
          {a.citationCode && (
            <span className="admin-muted">
              引用代码 {a.citationCode} → <Link to={`/admin/orders/${a.citedOrderNo ?? ''}`}>订单 {a.citedOrderNo}</Link>
            </span>
          )}
        </div>
      ),
    },
    { title: '申请时间', dataIndex: 'createdAt', width: 150, render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    {
      title: '审核',
      key: 'status',
      width: 170,
      render: (_, a) => (
        <div className="customers-stack">
          <span><StatusTag status={a.status} labels={applicationLabels} tones={applicationTones} />{a.points !== null && <span>+{a.points} 积分</span>}</span>
          {a.decidedAt && <span className="admin-muted">{formatDate(a.decidedAt)}</span>}
          {a.reason && <span className="customers-clip">{a.status === 'refused' ? '原因：' : '备注：'}{a.reason}</span>}
        </div>
      ),
    },
    reviewActionsColumn({ pending: (a) => a.status === 'pending', onApprove: setApproving, onRefuse, width: 120 }),
  ];

  return (
    <>
      <div className="admin-filters">
        <ReviewStatusFilter value={table.filters.status} onChange={(status) => table.setFilters({ status })} />
      </div>
      <AdminTable<AdminPointsApplication>
        rowKey="rid"
        columns={columns}
        query={{ data, isFetching }}
        table={table}
        scroll={{ x: 900 }}
        locale={{ emptyText: table.filters.status === 'pending' ? '没有待审核的论文致谢奖励申请' : '暂无记录' }}
      />
      <PointsApproveModal application={approving} onClose={() => setApproving(null)} />
    </>
  );
}
