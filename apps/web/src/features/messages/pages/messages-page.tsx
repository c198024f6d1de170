import { useState } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Empty, Pagination, Skeleton, Tabs, Tag } from 'antd';
import { CheckOutlined, RightOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { MemberMessage, Page } from '@lab/contract';
import { formatDateTime } from '../../../lib/format';
import { useFeedback } from '../../../lib/use-feedback';
import { messageKeys, useUnreadCount } from '../../../components/message-bell';
import { useMessages, type MessageFilter } from '../api/list-messages';
import { readMessage } from '../api/read-message';
import { readAllMessages } from '../api/read-all-messages';
import '../../../components/member/member-pages.css';
import '../components/messages.css';

const kindLabels: Record<string, { text: string; color: string }> = {
  order: { text: '订单', color: 'blue' },
  contract: { text: '合同', color: 'geekblue' },
  requirement: { text: '测试需求', color: 'cyan' },
  consult: { text: '咨询回复', color: 'green' },
  notice: { text: '平台公告', color: 'orange' },
  points: { text: '积分', color: 'gold' },
  promotion: { text: '推广合伙人', color: 'purple' },
  funds: { text: '资金', color: 'volcano' },
  account: { text: '账号与认证', color: 'cyan' },
  community: { text: '科研团体', color: 'geekblue' },
};
const kindTag = (kind: string) => {
  const label = kindLabels[kind] ?? { text: '系统消息', color: 'default' };
  return <Tag color={label.color}>{label.text}</Tag>;
};

/** Only paths of this site are followed (a message's link is a path such as /member/order?no=…). */
const sitePath = (link: string | null) => (link && link.startsWith('/') && !link.startsWith('//') ? link : null);

/** After reading: the lists shown keep the message in place (marked read) and are fetched afresh next time; the badge refreshes now. */
function markReadInCache(queryClient: QueryClient, rid: string) {
  queryClient.setQueriesData<Page<MemberMessage>>({ queryKey: messageKeys.lists }, (page) =>
    page ? { ...page, list: page.list.map((m) => (m.rid === rid ? { ...m, read: true } : m)) } : page,
  );
  void queryClient.invalidateQueries({ queryKey: messageKeys.lists, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
}

function MessageItem({ message, onOpen }: { message: MemberMessage; onOpen: (m: MemberMessage) => void }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const link = sitePath(message.link);
  const contentId = `message-${message.rid}`;
  const toggle = () => {
    if (!open && !message.read) onOpen(message);
    setOpen(!open);
  };
  return (
    <li className={message.read ? 'message-item' : 'message-item is-unread'} data-testid="message-item">
      <button type="button" className="message-head" aria-expanded={open} aria-controls={contentId} onClick={toggle}>
        <span className="message-dot" aria-hidden />
        <span className="message-title">
          {kindTag(message.kind)}
          <strong>{message.title}</strong>
          {message.read ? null : <span className="message-sr">（未读）</span>}
        </span>
        <time className="message-time" dateTime={message.createdAt}>
          {formatDateTime(message.createdAt)}
        </time>
      </button>
      <div id={contentId} className={open ? 'message-body is-open' : 'message-body'}>
        <p className="message-content">{message.content}</p>
        {link ? (
          <Button
            type="link"
            className="message-link"
            onClick={() => {
              if (!message.read) onOpen(message);
              void navigate(link);
            }}
          >
            查看详情 <RightOutlined />
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function MessageList({ filter }: { filter: MessageFilter }) {
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const { data, isPending, isError, error } = useMessages(filter, page);
  const read = useMutation({
    mutationFn: (m: MemberMessage) => readMessage(m.rid),
    onSuccess: (_data, m) => markReadInCache(queryClient, m.rid),
    onError: feedback.failure,
  });
  if (isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (isError) return <Alert type="error" showIcon title="消息加载失败" description={error.message} />;
  if (data.list.length === 0) {
    return <Empty className="member-empty" description={filter === 'unread' ? '没有未读消息' : '暂无消息，订单进度、审核结果与平台公告会发送到这里'} />;
  }
  return (
    <>
      <ul className="message-list" aria-label={filter === 'unread' ? '未读消息' : '全部消息'}>
        {data.list.map((m) => (
          <MessageItem key={m.rid} message={m} onOpen={(x) => read.mutate(x)} />
        ))}
      </ul>
      {data.total > data.pageSize ? (
        <Pagination align="end" current={page} pageSize={data.pageSize} total={data.total} showSizeChanger={false} onChange={setPage} />
      ) : null}
    </>
  );
}

/** 站内消息: every in-site message of mine (全部 / 未读), opened to read, all marked read at once. */
export default function MessagesPage() {
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const { data: unread = 0 } = useUnreadCount();
  const readAll = useMutation({
    mutationFn: readAllMessages,
    onSuccess: async () => {
      feedback.success('已全部标为已读');
      await queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
    onError: feedback.failure,
  });
  return (
    <div className="member-page">
      <div className="member-page-head">
        <h1 className="page-title">站内消息</h1>
        <Button icon={<CheckOutlined />} disabled={unread === 0} loading={readAll.isPending} onClick={() => readAll.mutate()}>
          全部标为已读
        </Button>
      </div>
      <p className="member-page-lead">订单进度、审核结果、咨询回复与平台公告会发送到这里，重要通知同时以短信告知。点击消息查看全文。</p>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'all', label: '全部', children: <MessageList filter="all" /> },
          {
            key: 'unread',
            label: (
              <span className="message-tab">
                未读
                {unread > 0 ? <Badge count={unread} size="small" overflowCount={99} /> : null}
              </span>
            ),
            children: <MessageList filter="unread" />,
          },
        ]}
      />
    </div>
  );
}
