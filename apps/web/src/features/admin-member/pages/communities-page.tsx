import { Input, Tag, type TableColumnsType } from 'antd';
import { adminCommunityRefuseBody, communityReviewLabels, type AdminCommunity } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { StatusTag } from '../../../components/admin/status-tag';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { approveCommunity, refuseCommunity } from '../api/decide';
import { useCommunities } from '../api/list-communities';
import { communityTones, organizationText } from '../components/labels';
import { withStatus } from '../../../components/admin/review-queue';
import { MemberCell } from '../../../components/admin/member-cell';
import { ReviewStatusFilter, reviewActionsColumn, useReviewActions } from '../../../components/admin/review-queue';
import '../../../components/admin/customers.css';
import { customerKeys } from '../api/keys';

/**
 * /admin/communities: research communities teachers created. Until approved, other members
 * neither find one nor apply to it; a refusal tells the owner why, and editing sends it back here.
 */
export default function CommunitiesPage() {
  const table = useServerTable({ filters: { status: 'pending', keyword: '' } });
  const { data, isFetching } = useCommunities(withStatus(table.query));
  const { onApprove, onRefuse } = useReviewActions({
    refresh: customerKeys.all,
    approve: {
      call: approveCommunity,
      args: (row: AdminCommunity) => ({ rid: row.rid }),
      question: (row) => ({ title: `通过「${row.name}」？`, content: '通过后其他会员可以搜索并申请加入该团体，负责人会收到站内消息。' }),
      done: '团体已通过审核，已通知负责人',
    },
    refuse: {
      call: refuseCommunity,
      args: (row, reason) => ({ rid: row.rid, reason }),
      reason: adminCommunityRefuseBody.shape.reason,
      prompt: (row) => ({ title: `驳回「${row.name}」`, placeholder: '负责人将看到此原因，例如：团体名称请使用“学校+导师+课题组”' }),
      done: '已驳回，已通知负责人',
    },
  });

  const columns: TableColumnsType<AdminCommunity> = [
    {
      title: '团体',
      key: 'name',
      width: 190,
      render: (_, c) => (
        <div className="customers-stack">
          <strong>{c.name}{c.dissolved && <Tag style={{ marginLeft: 6 }}>已解散</Tag>}</strong>
          <span className="admin-muted">{c.unit}</span>
        </div>
      ),
    },
    { title: '简介', dataIndex: 'description', render: (text: string) => (text ? <div className="customers-clip">{text}</div> : <span className="admin-muted">未填写</span>) },
    {
      title: '负责人',
      key: 'owner',
      width: 150,
      render: (_, c) => (
        <div className="customers-stack">
          <MemberCell member={{ rid: c.owner.rid, name: c.owner.name, phone: c.owner.phone }} link />
          <span><Tag>{organizationText(c.owner.organization)}</Tag><span className="admin-muted">{c.owner.company}</span></span>
        </div>
      ),
    },
    { title: '成员', key: 'members', width: 80, render: (_, c) => <span>{c.memberCount} 人{c.pendingApplications > 0 && <div className="admin-muted">{c.pendingApplications} 人申请中</div>}</span> },
    { title: '创建时间', dataIndex: 'createdAt', key: 'createdAt', width: 140, sorter: true, sortOrder: table.sortOrderOf('createdAt'), render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    {
      title: '审核',
      key: 'review',
      width: 160,
      render: (_, c) => (
        <div className="customers-stack">
          <span><StatusTag status={c.reviewStatus} labels={communityReviewLabels} tones={communityTones} /></span>
          {c.reviewedAt && <span className="admin-muted">{c.reviewer?.name ?? ''} · {formatDateTime(c.reviewedAt)}</span>}
          {c.reviewNote && <span className="customers-clip">原因：{c.reviewNote}</span>}
        </div>
      ),
    },
    reviewActionsColumn({ pending: (c) => c.reviewStatus === 'pending' && !c.dissolved, onApprove, onRefuse, width: 110 }),
  ];

  return (
    <AdminPage title="科研团体" description="老师创建的科研团体审核通过后，其他会员才能搜索和申请加入。">
      <AdminSection>
        <div className="admin-filters">
          <ReviewStatusFilter value={table.filters.status} onChange={(status) => table.setFilters({ status })} />
          <Input.Search allowClear placeholder="团体名称、单位、负责人或手机号" defaultValue={table.filters.keyword} onSearch={(keyword) => table.setFilters({ keyword: keyword.trim() })} aria-label="搜索团体" />
        </div>
        <AdminTable<AdminCommunity>
          rowKey="rid"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          scroll={{ x: 1040 }}
          locale={{ emptyText: table.filters.keyword ? '没有符合条件的团体' : table.filters.status === 'pending' ? '没有待审核的科研团体' : '暂无记录' }}
        />
      </AdminSection>
    </AdminPage>
  );
}
