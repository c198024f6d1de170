import { Input, Table, Tag, type TableColumnsType } from 'antd';
import { adminAttestationRefuseBody, attestationReviewLabels, type AdminAttestation } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { StatusTag } from '../../../components/admin/status-tag';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { approveAttestation, refuseAttestation } from '../api/decide';
import { useAttestations } from '../api/list-attestations';
import { organizationText, reviewTones } from '../components/labels';
import { withStatus } from '../../../components/admin/review-queue';
import { MemberCell } from '../../../components/admin/member-cell';
import { ReviewStatusFilter, reviewActionsColumn, useReviewActions } from '../../../components/admin/review-queue';
import '../../../components/admin/customers.css';
import { customerKeys } from '../api/keys';
import { TeacherRequestsSection } from '../components/teacher-requests-section';

const region = (p: AdminAttestation['profile']) => [p.province, p.city === p.province ? '' : p.city, p.area].filter(Boolean).join('');

/** /admin/attestations: 资料认证 waiting for the lab, oldest first; approve, or refuse with the reason the member reads. */
export default function AttestationsPage() {
  const table = useServerTable({ filters: { status: 'pending', keyword: '' } });
  const { data, isFetching } = useAttestations(withStatus(table.query));
  const nameOf = (row: AdminAttestation) => row.profile.name ?? row.member.nickname;
  const { onApprove, onRefuse } = useReviewActions({
    refresh: customerKeys.all,
    approve: {
      call: approveAttestation,
      args: (row: AdminAttestation) => ({ rid: row.member.rid }),
      question: (row) => ({ title: `通过 ${nameOf(row)} 的资料认证？`, content: `${row.profile.company ?? ''}｜导师 ${row.profile.teacher ?? '—'}。通过后会员会收到站内消息。` }),
      done: '资料认证已通过，已通知会员',
    },
    refuse: {
      call: refuseAttestation,
      args: (row, reason) => ({ rid: row.member.rid, reason }),
      reason: adminAttestationRefuseBody.shape.reason,
      prompt: (row) => ({ title: `驳回 ${nameOf(row)} 的资料认证`, placeholder: '会员将看到此原因，例如：单位名称与学生证不符，请修改后重新提交' }),
      done: '已驳回，已通知会员',
    },
  });

  const columns: TableColumnsType<AdminAttestation> = [
    { title: '会员', key: 'member', fixed: 'left', width: 120, render: (_, a) => <MemberCell member={{ rid: a.member.rid, name: a.profile.name ?? a.member.nickname, phone: a.member.phone }} link /> },
    {
      title: '单位与类型',
      key: 'company',
      width: 190,
      render: (_, a) => (
        <div className="customers-stack">
          <span>{a.profile.company ?? '—'}</span>
          <span><Tag>{organizationText(a.profile.organization)}</Tag>{a.profile.email && <span className="admin-muted">{a.profile.email}</span>}</span>
        </div>
      ),
    },
    {
      title: '导师/负责人',
      key: 'teacher',
      width: 150,
      render: (_, a) =>
        a.profile.teacher ? (
          <div className="customers-stack">
            <span>{a.profile.teacher}</span>
            <span className="admin-muted">{a.profile.teacher_phone}</span>
            <span className="admin-muted">{a.profile.teacher_mail}</span>
          </div>
        ) : (
          <span className="admin-muted">—</span>
        ),
    },
    { title: '收货地址', key: 'address', render: (_, a) => <div className="customers-clip">{region(a.profile)}{a.profile.address}</div> },
    { title: '提交时间', key: 'attestedAt', dataIndex: ['profile', 'attestedAt'], width: 140, sorter: true, sortOrder: table.sortOrderOf('attestedAt'), render: (at: string | null) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    {
      title: '审核',
      key: 'review',
      width: 160,
      render: (_, a) => (
        <div className="customers-stack">
          <span><StatusTag status={a.review.status} labels={attestationReviewLabels} tones={reviewTones} /></span>
          {a.review.reviewedAt && <span className="admin-muted">{a.review.reviewer?.name ?? ''} · {formatDateTime(a.review.reviewedAt)}</span>}
          {a.review.note && <span className="customers-clip">{a.review.status === 'refused' ? '原因：' : '备注：'}{a.review.note}</span>}
        </div>
      ),
    },
    reviewActionsColumn({ pending: (a) => a.review.status === 'pending', onApprove, onRefuse, width: 110 }),
  ];

  const empty = table.filters.keyword ? '没有符合条件的认证资料' : table.filters.status === 'pending' ? '没有待审核的资料认证，新的提交会出现在这里' : '暂无记录';

  return (
    <AdminPage title="资料认证" description="会员提交（或重新提交）资料认证后进入待审核；驳回时请写明原因，会员修改后可重新提交。学生申请老师认证见下方「老师认证申请」。">
      <AdminSection>
        <div className="admin-filters">
          <ReviewStatusFilter value={table.filters.status} onChange={(status) => table.setFilters({ status })} />
          <Input.Search allowClear placeholder="手机号、姓名或单位" defaultValue={table.filters.keyword} onSearch={(keyword) => table.setFilters({ keyword: keyword.trim() })} aria-label="搜索认证资料" />
        </div>
        <Table<AdminAttestation>
          className="admin-table"
          rowKey={(a) => a.member.rid}
          size="middle"
          columns={columns}
          dataSource={data?.list}
          loading={isFetching}
          pagination={table.pagination(data?.total)}
          onChange={table.onChange}
          scroll={{ x: 1040 }}
          locale={{ emptyText: empty }}
        />
      </AdminSection>
      <TeacherRequestsSection />
    </AdminPage>
  );
}
