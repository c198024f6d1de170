import { Descriptions, Table, Tag, type TableColumnsType } from 'antd';
import { communityReviewLabels, membershipStatusLabels, type AdminMemberCommunity, type AdminMemberDetail } from '@lab/contract';
import { StatusTag } from '../../../components/admin/status-tag';
import { formatDateTime } from '../../../lib/format';
import { communityTones } from '../../admin-member/components/labels';
import { applicationTones } from '../../../components/admin/review-queue';

/** 科研团体: the communities the member owns or joined, and the 推广合伙人 status. */
export function MemberCommunitiesTab({ member }: { member: AdminMemberDetail }) {
  const columns: TableColumnsType<AdminMemberCommunity> = [
    { title: '团体', dataIndex: 'name', render: (name: string, c) => <>{name}{c.dissolved && <Tag style={{ marginLeft: 6 }}>已解散</Tag>}</> },
    { title: '所属单位', dataIndex: 'unit' },
    { title: '身份', dataIndex: 'role', width: 80, render: (role: AdminMemberCommunity['role']) => (role === 'owner' ? <Tag color="blue">负责人</Tag> : '成员') },
    { title: '成员状态', dataIndex: 'status', width: 90, render: (s: AdminMemberCommunity['status']) => membershipStatusLabels[s] },
    { title: '平台审核', dataIndex: 'reviewStatus', width: 90, render: (s: AdminMemberCommunity['reviewStatus']) => <StatusTag status={s} labels={communityReviewLabels} tones={communityTones} /> },
  ];
  const partner = member.partner;
  return (
    <div className="admin-page-body">
      <Table<AdminMemberCommunity>
        className="admin-table"
        rowKey="rid"
        size="small"
        columns={columns}
        dataSource={member.communities}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: '该会员没有创建或加入科研团体' }}
      />
      <Descriptions
        title="推广合伙人"
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 3 }}
        items={
          partner
            ? [
                { key: 'status', label: '申请状态', children: <StatusTag status={partner.status} labels={{ pending: '待审核', approved: '已通过', refused: '未通过' }} tones={applicationTones} /> },
                { key: 'at', label: '申请时间', children: formatDateTime(partner.createdAt) },
                ...(partner.reason ? [{ key: 'reason', label: '驳回原因', children: partner.reason }] : []),
              ]
            : [{ key: 'none', label: '申请状态', children: <span className="admin-muted">未申请</span> }]
        }
      />
    </div>
  );
}
