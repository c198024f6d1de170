import { Alert, Button, Empty, Popconfirm, Skeleton, Tag } from 'antd';
import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { COMMUNITY_TEACHER_ONLY_MESSAGE, type CommunitySummary } from '@lab/contract';
import { useUserInfo } from '../../../lib/user-info';
import { formatDate } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { useMyCommunities } from '../api/list-my-communities';
import { dissolveCommunity } from '../api/dissolve-community';
import { CommunityFormModal } from '../components/community-form-modal';
import { CommunityMembers } from '../components/community-members';
import '../../../components/member/member-pages.css';
import '../components/community.css';

const TEACHER = 3;

function OwnedCommunity({ community, onEdit }: { community: CommunitySummary; onEdit: () => void }) {
  const [open, setOpen] = useState(true);
  const dissolve = useApiMutation({ mutationFn: () => dissolveCommunity(community.rid), invalidates: memberDataKeys, onSuccess: () => feedback.success('团体已解散') });
  return (
    <article className="community-card" data-testid="owned-community">
      <div className="community-card-head">
        <div>
          <h3>
            <TeamOutlined /> {community.name}
            <Tag color="blue">{community.memberCount} 名成员</Tag>
            {community.reviewStatus === 'pending' ? <Tag color="gold">平台审核中</Tag> : null}
            {community.reviewStatus === 'refused' ? <Tag color="red">未通过审核</Tag> : null}
          </h3>
          <p className="community-card-meta">
            {community.unit} · 创建于 {formatDate(community.createdAt)}
          </p>
        </div>
        <div className="member-item-actions">
          <Button size="small" type="link" onClick={() => setOpen((v) => !v)}>
            {open ? '收起成员' : '管理成员'}
          </Button>
          <Button size="small" type="link" onClick={onEdit}>
            编辑
          </Button>
          <Popconfirm title="确定解散该团体吗？" description="解散后成员将退出团体，此操作不可撤销。" okText="解散" cancelText="取消" onConfirm={() => dissolve.mutate()}>
            <Button size="small" type="link" danger loading={dissolve.isPending}>
              解散
            </Button>
          </Popconfirm>
        </div>
      </div>
      {community.description ? <p className="community-card-desc">{community.description}</p> : null}
      {community.reviewStatus === 'pending' ? (
        <p className="community-card-meta">平台审核通过后，其他用户才能搜索并申请加入；审核期间您可以直接添加成员。</p>
      ) : null}
      {community.reviewStatus === 'refused' ? (
        <Alert type="warning" showIcon title={`未通过平台审核${community.reviewNote ? `：${community.reviewNote}` : ''}`} description="请点击「编辑」修改团体信息，保存后将重新提交审核。" />
      ) : null}
      {open ? <CommunityMembers rid={community.rid} /> : null}
    </article>
  );
}

/** 我管理的团体: create (teachers), edit, dissolve, applications, members, transfer. */
export default function CommunityManagePage() {
  const { data: info } = useUserInfo();
  const { data, isPending, isError, error } = useMyCommunities();
  const [editing, setEditing] = useState<CommunitySummary | null | 'new'>(null);
  const isTeacher = info?.account.organization === TEACHER;
  const owned = (data ?? []).filter((c) => c.myRole === 'owner');

  return (
    <div className="member-page">
      <div className="member-page-head">
        <h1 className="page-title">我管理的团体</h1>
        <Button type="primary" icon={<PlusOutlined />} disabled={!isTeacher} onClick={() => setEditing('new')}>
          创建团体
        </Button>
      </div>
      <p className="member-page-lead">科研团体（课题组）由老师创建，学生申请加入并经负责人审核后成为成员；负责人可使用团体预存款为成员的订单付款。</p>
      {info && !isTeacher ? <Alert type="info" showIcon title="暂不能创建团体" description={`${COMMUNITY_TEACHER_ONLY_MESSAGE}。您可以在「我加入的团体」中查找并申请加入导师的团体。`} /> : null}
      {isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : isError ? (
        <Alert type="error" showIcon title="团体加载失败" description={error.message} />
      ) : owned.length === 0 ? (
        <Empty className="member-empty" description={isTeacher ? '您还没有创建科研团体' : '您没有管理的科研团体'}>
          {isTeacher ? (
            <Button type="primary" onClick={() => setEditing('new')}>
              创建团体
            </Button>
          ) : null}
        </Empty>
      ) : (
        owned.map((c) => <OwnedCommunity key={c.rid} community={c} onEdit={() => setEditing(c)} />)
      )}
      {editing ? (
        <CommunityFormModal editing={editing === 'new' ? null : editing} defaultUnit={info?.account.company ?? ''} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
