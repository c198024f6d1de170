import { useState } from 'react';
import { App, Button, Drawer, Form, Grid, Input, Segmented, Skeleton, Tag, Typography, type TableColumnsType } from 'antd';
import { consultationReplyBody, type AdminConsultation } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { useServerTable } from '../../../components/admin/use-server-table';
import { SchemaForm } from '../../../components/schema-form';
import { ConsultStatusTag, ConsultThread } from '../../../components/consult/consult-thread';
import { LoadFailed } from '../../../components/member/load-failed';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { useCloseConsultation, useConsultations, useConsultationThread, useReplyConsultation } from '../api/consultations';

const statusOptions = [
  { value: 'pending', label: '待回复' },
  { value: 'replied', label: '已回复' },
  { value: 'closed', label: '已关闭' },
  { value: '', label: '全部' },
];

/** The reply box under a thread: one more message; the customer is told (in-site and their channels, or SMS). */
function ReplyForm({ id, toMember }: { id: number; toMember: boolean }) {
  const [form] = Form.useForm<{ reply: string }>();
  const reply = useReplyConsultation();
  return (
    <SchemaForm
      form={form}
      name="consultation-reply"
      schema={consultationReplyBody}
      body={(values) => ({ ...values, id })}
      layout="vertical"
      initialValues={{ reply: '' }}
      onSubmit={(body) =>
        reply.mutate(
          { id, reply: body.reply },
          {
            onSuccess: () => {
              feedback.success('回复已发送');
              form.resetFields();
            },
          },
        )
      }
    >
      <p className="admin-muted" style={{ margin: '0 0 8px' }}>
        {toMember ? '客户是注册会员：回复出现在其「我的咨询」和站内消息中，并按其通知方式发送短信/邮件。' : '客户是访客：回复以短信发送到其手机。'}
      </p>
      <Form.Item label="回复" name="reply" required>
        <Input.TextArea aria-label="回复内容" rows={4} maxLength={500} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={reply.isPending}>
        发送回复
      </Button>
    </SchemaForm>
  );
}

/** One consultation in a drawer: every message in time order, the reply box, 关闭咨询. */
function ThreadDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data, isPending, isError, error, refetch } = useConsultationThread(id);
  const close = useCloseConsultation();
  const { modal } = App.useApp();
  const narrow = Grid.useBreakpoint().md === false;
  const confirmClose = () =>
    modal.confirm({
      title: '关闭该咨询？',
      content: '关闭后不能再回复；客户再次留言时咨询会重新打开。',
      okText: '关闭咨询',
      onOk: () => settled(close.mutateAsync(id!, { onSuccess: () => feedback.success('咨询已关闭') })),
    });
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      destroyOnHidden
      size={narrow ? '100%' : 640}
      title={data ? `${data.name}（${data.phone}）的咨询` : '咨询'}
      extra={
        data && data.status !== 'closed' ? (
          <Button onClick={confirmClose} loading={close.isPending}>
            关闭咨询
          </Button>
        ) : null
      }
    >
      {id === null ? null : isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : isError ? (
        <LoadFailed title="咨询加载失败" error={error} onRetry={refetch} />
      ) : (
        <>
          <p className="admin-muted" style={{ marginTop: 0 }}>
            <ConsultStatusTag status={data.status} />
            {data.memberRid ? <Tag color="blue" variant="filled">会员</Tag> : <Tag variant="filled">访客</Tag>}
            {data.company ? `${data.company} · ` : ''}共 {data.messageCount} 条
            {data.status === 'closed' && data.closedAt ? ` · ${data.closedBy ?? ''} 于 ${formatDateTime(data.closedAt)} 关闭` : ''}
          </p>
          <ConsultThread messages={data.messages} viewer="staff" />
          <div style={{ marginTop: 20 }}>
            {data.status === 'closed' ? <p className="admin-muted">该咨询已关闭，客户再次留言后可继续回复。</p> : <ReplyForm id={data.id} toMember={data.memberRid !== null} />}
          </div>
        </>
      )}
    </Drawer>
  );
}

/** /admin/consultations: the customers' consultations as threads, waiting ones first; answered any number of times. */
export default function ConsultationsPage() {
  const table = useServerTable({ filters: { status: 'pending', keyword: '' } });
  const { data, isFetching } = useConsultations(table.query);
  const [open, setOpen] = useState<number | null>(null);

  const columns: TableColumnsType<AdminConsultation> = [
    { title: '最后留言', dataIndex: 'lastMessageAt', width: 150, render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    {
      title: '客户',
      key: 'who',
      width: 200,
      render: (_, row) => (
        <div>
          <div>
            {row.name} {row.memberRid && <Tag color="blue" variant="filled">会员</Tag>}
          </div>
          <div className="admin-muted">
            {row.phone}
            {row.company ? ` · ${row.company}` : ''}
          </div>
        </div>
      ),
    },
    { title: '咨询内容', dataIndex: 'content', render: (text: string) => <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 2 }}>{text}</Typography.Paragraph> },
    {
      title: '最新留言',
      key: 'last',
      render: (_, row) =>
        row.messageCount > 1 ? (
          <div>
            <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 2 }}>
              {row.lastMessage.content}
            </Typography.Paragraph>
            <div className="admin-muted">{row.lastMessage.author === 'staff' ? `客服 · ${row.lastMessage.name}` : '客户'}</div>
          </div>
        ) : (
          <span className="admin-muted">—</span>
        ),
    },
    {
      title: '状态',
      key: 'status',
      width: 110,
      render: (_, row) => (
        <div>
          <ConsultStatusTag status={row.status} />
          <div className="admin-muted">共 {row.messageCount} 条</div>
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setOpen(row.id)}>
          {row.status === 'pending' ? '回复' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <AdminPage title="客户咨询" description="官网「在线咨询」和会员「我的咨询」中的问题，每条是一段对话：待回复的在前（等得最久的最先），可多次回复；客户追问后回到待回复。">
      <AdminSection>
        <div className="admin-filters">
          <Segmented options={statusOptions} value={table.filters.status} onChange={(status) => table.setFilters({ status: String(status) })} />
          <Input.Search allowClear placeholder="姓名、手机号、单位或留言内容" defaultValue={table.filters.keyword} onSearch={(keyword) => table.setFilters({ keyword })} aria-label="搜索咨询" />
        </div>
        <AdminTable<AdminConsultation>
          rowKey="id"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          scroll={{ x: 960 }}
          locale={{ emptyText: table.filters.status === 'pending' ? '没有待回复的咨询' : '暂无咨询' }}
        />
      </AdminSection>
      <ThreadDrawer id={open} onClose={() => setOpen(null)} />
    </AdminPage>
  );
}
