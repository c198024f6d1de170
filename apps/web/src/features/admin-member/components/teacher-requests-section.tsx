import { Table, Tag, type TableColumnsType } from 'antd';
import { TEACHER_REQUEST_HANDLING_TIME, adminTeacherRefuseBody, teacherRequestStatusLabels, type AdminTeacherRequest } from '@lab/contract';
import { AdminSection } from '../../../components/admin/admin-page';
import { StatusTag } from '../../../components/admin/status-tag';
import { useServerTable } from '../../../components/admin/use-server-table';
import { MemberCell } from '../../../components/admin/member-cell';
import { ReviewStatusFilter, reviewActionsColumn, useReviewActions, withStatus } from '../../../components/admin/review-queue';
import { formatDateTime } from '../../../lib/format';
import { approveTeacherRequest, refuseTeacherRequest, useTeacherRequests } from '../api/admin-teacher-requests';
import { customerKeys } from '../api/keys';
import { organizationText, reviewTones } from './labels';

/**
 * 资料认证 → 老师认证申请 (issue 31): members who asked to be attested as 老师, oldest first.
 * 通过 makes the member a 老师 (told in-site, audited); 驳回 with the reason the member reads,
 * after which they may ask again. Its own URL parameters (teacher.status …) beside the
 * attestation table's.
 */
export function TeacherRequestsSection() {
  const table = useServerTable({ prefix: 'teacher', filters: { status: 'pending' }, pageSize: 10 });
  const { data, isFetching } = useTeacherRequests(withStatus(table.query));
  const nameOf = (row: AdminTeacherRequest) => row.member.name ?? row.member.nickname;
  const { onApprove, onRefuse } = useReviewActions({
    refresh: customerKeys.all,
    approve: {
      call: approveTeacherRequest,
      args: (row: AdminTeacherRequest) => ({ rid: row.rid }),
      question: (row) => ({ title: `认证 ${nameOf(row)} 为老师？`, content: `${row.member.company ?? ''}｜${row.member.phone}。请先核实教职身份；通过后会员的用户类型改为「老师」，并收到站内消息。` }),
      done: '已认证为老师，已通知会员',
    },
    refuse: {
      call: refuseTeacherRequest,
      args: (row, reason) => ({ rid: row.rid, reason }),
      reason: adminTeacherRefuseBody.shape.reason,
      prompt: (row) => ({ title: `驳回 ${nameOf(row)} 的老师认证申请`, placeholder: '会员将看到此原因，例如：未能核实教职身份，请补充学院官网教师主页' }),
      done: '已驳回，已通知会员',
    },
  });

  const columns: TableColumnsType<AdminTeacherRequest> = [
    { title: '会员', key: 'member', fixed: 'left', width: 120, render: (_, r) => <MemberCell member={{ rid: r.member.rid, name: nameOf(r), phone: r.member.phone }} link /> },
    {
      title: '单位与当前类型',
      key: 'company',
      width: 200,
      render: (_, r) => (
        <div className="customers-stack">
          <span>{r.member.company ?? '—'}</span>
          <span><Tag>{organizationText(r.member.organization)}</Tag>{r.member.email && <span className="admin-muted">{r.member.email}</span>}</span>
        </div>
      ),
    },
    { title: '会员说明', key: 'note', render: (_, r) => (r.note ? <div className="customers-clip">{r.note}</div> : <span className="admin-muted">—</span>) },
    { title: '申请时间', key: 'createdAt', dataIndex: 'createdAt', width: 140, sorter: true, sortOrder: table.sortOrderOf('createdAt'), render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    {
      title: '审核',
      key: 'review',
      width: 170,
      render: (_, r) => (
        <div className="customers-stack">
          <span><StatusTag status={r.status} labels={teacherRequestStatusLabels} tones={reviewTones} /></span>
          {r.reviewedAt && <span className="admin-muted">{r.reviewer?.name ?? ''} · {formatDateTime(r.reviewedAt)}</span>}
          {r.reviewNote && <span className="customers-clip">{r.status === 'refused' ? '原因：' : '备注：'}{r.reviewNote}</span>}
        </div>
      ),
    },
    reviewActionsColumn({ pending: (r) => r.status === 'pending', onApprove, onRefuse, width: 110 }),
  ];

  return (
    <AdminSection title="老师认证申请" extra={<span className="admin-muted">会员一键申请，页面承诺 {TEACHER_REQUEST_HANDLING_TIME}内处理</span>}>
      <div className="admin-filters">
        <ReviewStatusFilter value={table.filters.status} onChange={(status) => table.setFilters({ status })} />
      </div>
      <Table<AdminTeacherRequest>
        className="admin-table"
        rowKey={(r) => r.rid}
        size="middle"
        columns={columns}
        dataSource={data?.list}
        loading={isFetching}
        pagination={table.pagination(data?.total)}
        onChange={table.onChange}
        scroll={{ x: 900 }}
        locale={{ emptyText: table.filters.status === 'pending' ? '没有待处理的老师认证申请' : '暂无记录' }}
        aria-label="老师认证申请"
      />
    </AdminSection>
  );
}
