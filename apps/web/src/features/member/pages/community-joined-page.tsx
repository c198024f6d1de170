import { Alert, Button, Empty, Input, Modal, Pagination, Skeleton, Tabs, Tag } from 'antd';
import { SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { membershipStatusLabels, type CommunitySummary } from '@lab/contract';
import { formatDate } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { useJoined } from '../api/list-joined';
import { useCommunitySearch } from '../api/search-communities';
import { applyCommunity } from '../api/apply-community';
import '../../../components/member/member-pages.css';
import '../components/community.css';

const statusColor: Record<string, string> = { pending: 'orange', approved: 'green', refused: 'red', removed: 'default' };

function StatusTag({ c }: { c: CommunitySummary }) {
  if (c.myRole === 'owner') return <Tag color="blue">负责人</Tag>;
  if (!c.myStatus) return null;
  return <Tag color={statusColor[c.myStatus]}>{membershipStatusLabels[c.myStatus]}</Tag>;
}

function CommunityRow({ c, action }: { c: CommunitySummary; action?: React.ReactNode }) {
  return (
    <li className="member-item" data-testid="community-row">
      <div className="member-item-main">
        <h3>
          <TeamOutlined /> {c.name} <StatusTag c={c} />
        </h3>
        <p>
          {c.unit} · 负责人 {c.owner.name} · {c.memberCount} 名成员
        </p>
        {c.description ? <p className="member-muted">{c.description}</p> : null}
        <p className="member-muted">创建于 {formatDate(c.createdAt)}</p>
      </div>
      {action ? <div className="member-item-actions">{action}</div> : null}
    </li>
  );
}

function Joined() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useJoined(page);
  if (isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (isError) return <Alert type="error" showIcon title="加载失败" description={error.message} />;
  if (data.list.length === 0) return <Empty className="member-empty" description="还没有加入或申请任何团体，可在「查找团体」中搜索导师的课题组并申请加入" />;
  return (
    <>
      <ul className="member-list" aria-label="我加入的团体">
        {data.list.map((c) => (
          <CommunityRow key={c.rid} c={c} />
        ))}
      </ul>
      {data.total > data.pageSize ? <Pagination align="end" current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} /> : null}
    </>
  );
}

function Search() {
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [applying, setApplying] = useState<CommunitySummary | null>(null);
  const [note, setNote] = useState('');
  const { data, isPending, isError, error } = useCommunitySearch(keyword, page);

  const apply = useApiMutation({
    mutationFn: ({ rid, message }: { rid: string; message: string }) => applyCommunity(rid, message),
    invalidates: memberDataKeys,
    onSuccess: () => {
      feedback.success('申请已提交，请等待负责人审核');
      setApplying(null);
      setNote('');
    },
  });

  return (
    <>
      <div className="member-search">
        <Input
          aria-label="团体关键词"
          allowClear
          maxLength={50}
          placeholder="团体名称、单位或负责人姓名"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => {
            setKeyword(text.trim());
            setPage(1);
          }}
        />
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={() => {
            setKeyword(text.trim());
            setPage(1);
          }}
        >
          搜索
        </Button>
      </div>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : isError ? (
        <Alert type="error" showIcon title="搜索失败" description={error.message} />
      ) : data.list.length === 0 ? (
        <Empty className="member-empty" description={keyword ? `没有找到与「${keyword}」相关的团体` : '暂无可加入的团体'} />
      ) : (
        <>
          <ul className="member-list" aria-label="搜索结果">
            {data.list.map((c) => {
              const member = c.myRole !== null || c.myStatus === 'approved';
              const waiting = c.myStatus === 'pending';
              return (
                <CommunityRow
                  key={c.rid}
                  c={c}
                  action={
                    member ? null : (
                      <Button type="primary" size="small" disabled={waiting} onClick={() => setApplying(c)}>
                        {waiting ? '待审核' : '申请加入'}
                      </Button>
                    )
                  }
                />
              );
            })}
          </ul>
          {data.total > data.pageSize ? <Pagination align="end" current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} /> : null}
        </>
      )}
      <Modal open={applying !== null} title={`申请加入「${applying?.name ?? ''}」`} okText="提交申请" onOk={() => applying && apply.mutate({ rid: applying.rid, message: note.trim() })} confirmLoading={apply.isPending} onCancel={() => setApplying(null)} destroyOnHidden centered>
        <p className="member-muted">负责人审核通过后您将成为团体成员。</p>
        <Input.TextArea aria-label="申请说明" maxLength={200} autoSize={{ minRows: 3, maxRows: 5 }} placeholder="如：我是陈老师课题组 2025 级硕士研究生（选填）" value={note} onChange={(e) => setNote(e.target.value)} />
      </Modal>
    </>
  );
}

/** 我加入的团体: memberships and applications; search communities and apply. */
export default function CommunityJoinedPage() {
  return (
    <div className="member-page">
      <h1 className="page-title">我加入的团体</h1>
      <Tabs
        items={[
          { key: 'joined', label: '我的团体', children: <Joined /> },
          { key: 'search', label: '查找团体', children: <Search /> },
        ]}
      />
    </div>
  );
}
