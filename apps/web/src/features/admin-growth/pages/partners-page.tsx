import type { TableColumnsType } from 'antd';
import type { AdminPartnerApplication } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { StatusTag } from '../../../components/admin/status-tag';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { approvePartner, refusePartner } from '../api/decide';
import { usePartners } from '../api/list-partners';
import { applicationLabels, applicationTones, withStatus } from '../../../components/admin/review-queue';
import { MemberCell } from '../../../components/admin/member-cell';
import { ReviewStatusFilter, reviewActionsColumn, useReviewActions } from '../../../components/admin/review-queue';
import '../../../components/admin/customers.css';
import { growthKeys } from '../api/keys';

/** /admin/partners: 推广合伙人 applications; an approved partner earns rebates on the orders of members they invite. */
export default function PartnersPage() {
  const table = useServerTable({ filters: { status: 'pending' } });
  const { data, isFetching } = usePartners(withStatus(table.query));
  const { onApprove, onRefuse } = useReviewActions({
    refresh: growthKeys.all,
    approve: {
      call: approvePartner,
      args: (row: AdminPartnerApplication) => ({ rid: row.rid }),
      question: (row) => ({ title: `通过 ${row.name} 的推广合伙人申请？`, content: '通过后，该会员邀请的新会员支付订单时将为其计算返利。' }),
      done: '已通过，已通知申请人',
    },
    refuse: {
      call: refusePartner,
      args: (row, reason) => ({ rid: row.rid, reason }),
      prompt: (row) => ({ title: `驳回 ${row.name} 的申请`, placeholder: '申请人将看到此原因，可修改后重新申请' }),
      done: '已驳回，已通知申请人',
    },
  });

  const columns: TableColumnsType<AdminPartnerApplication> = [
    { title: '会员', key: 'member', fixed: 'left', width: 130, render: (_, a) => <MemberCell member={{ rid: a.member.rid, name: a.member.name || a.member.nickname, phone: a.member.phone }} link /> },
    { title: '申请人', key: 'applicant', render: (_, a) => <div className="customers-stack"><span>{a.name}</span><span className="admin-muted">{a.phone}</span></div> },
    { title: '单位/机构', dataIndex: 'organization' },
    { title: '推广渠道', dataIndex: 'channel', render: (text: string) => <div className="customers-clip">{text}</div> },
    { title: '申请时间', dataIndex: 'createdAt', width: 150, render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    {
      title: '审核',
      key: 'status',
      width: 170,
      render: (_, a) => (
        <div className="customers-stack">
          <span><StatusTag status={a.status} labels={applicationLabels} tones={applicationTones} /></span>
          {a.decidedAt && <span className="admin-muted">{formatDateTime(a.decidedAt)}</span>}
          {a.reason && <span className="customers-clip">原因：{a.reason}</span>}
        </div>
      ),
    },
    reviewActionsColumn({ pending: (a) => a.status === 'pending', onApprove, onRefuse, width: 120 }),
  ];

  return (
    <AdminPage title="推广合伙人" description="审核会员的推广合伙人申请；返利提现由财务在「提现审核」中处理。">
      <AdminSection>
        <div className="admin-filters">
          <ReviewStatusFilter value={table.filters.status} onChange={(status) => table.setFilters({ status })} />
        </div>
        <AdminTable<AdminPartnerApplication>
          rowKey="rid"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          scroll={{ x: 1000 }}
          locale={{ emptyText: table.filters.status === 'pending' ? '没有待审核的推广合伙人申请' : '暂无记录' }}
        />
      </AdminSection>
    </AdminPage>
  );
}
