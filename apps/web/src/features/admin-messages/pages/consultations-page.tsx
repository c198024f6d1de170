import { Button, Input, Segmented, Tag, Typography, type TableColumnsType } from 'antd';
import { consultationReplyBody, type AdminConsultation } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { useReasonPrompt } from '../../../components/admin/reason-prompt';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { useConsultations, useReplyConsultation } from '../api/consultations';

const statusOptions = [
  { value: 'pending', label: '待回复' },
  { value: 'replied', label: '已回复' },
  { value: '', label: '全部' },
];

/** /admin/consultations: visitors' questions from the home page, answered once by SMS (and in-site when they are members). */
export default function ConsultationsPage() {
  const table = useServerTable({ filters: { status: 'pending', keyword: '' } });
  const { data, isFetching } = useConsultations(table.query);
  const reply = useReplyConsultation();
  const prompt = useReasonPrompt();

  const answer = async (row: AdminConsultation) => {
    const text = await prompt({
      title: `回复 ${row.name}（${row.phone}）`,
      label: '回复内容',
      required: true,
      maxLength: 500,
      rule: consultationReplyBody.shape.reply,
      placeholder: row.memberRid ? '该手机号是注册会员：回复会以短信发送，并出现在其站内消息中' : '回复将以短信发送到访客手机',
      okText: '发送回复',
    });
    if (text === null) return;
    reply.mutate({ id: row.id, reply: text }, {
      onSuccess: () => {
        feedback.success('回复已发送');
      },
    });
  };

  const columns: TableColumnsType<AdminConsultation> = [
    { title: '时间', dataIndex: 'createdAt', width: 150, render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    {
      title: '访客',
      key: 'who',
      width: 200,
      render: (_, row) => (
        <div>
          <div>{row.name} {row.memberRid && <Tag color="blue" bordered={false}>会员</Tag>}</div>
          <div className="admin-muted">{row.phone}{row.company ? ` · ${row.company}` : ''}</div>
        </div>
      ),
    },
    { title: '咨询内容', dataIndex: 'content', render: (text: string) => <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 3, expandable: true, symbol: '展开' }}>{text}</Typography.Paragraph> },
    {
      title: '回复',
      key: 'reply',
      render: (_, row) =>
        row.replied ? (
          <div>
            <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 3, expandable: true, symbol: '展开' }}>{row.reply}</Typography.Paragraph>
            <div className="admin-muted">{row.repliedBy ?? ''} · {formatDateTime(row.repliedAt)}</div>
          </div>
        ) : (
          <Tag color="warning">待回复</Tag>
        ),
    },
    { title: '操作', key: 'actions', width: 90, fixed: 'right', render: (_, row) => (row.replied ? null : <Button type="link" size="small" onClick={() => void answer(row)}>回复</Button>) },
  ];

  return (
    <AdminPage title="访客咨询" description="首页「在线咨询」留下的问题。回复只能发送一次：注册会员同时收到站内消息和短信，访客收到短信。">
      <AdminSection>
        <div className="admin-filters">
          <Segmented options={statusOptions} value={table.filters.status} onChange={(status) => table.setFilters({ status: String(status) })} />
          <Input.Search allowClear placeholder="姓名、手机号、单位或内容" defaultValue={table.filters.keyword} onSearch={(keyword) => table.setFilters({ keyword })} aria-label="搜索咨询" />
        </div>
        <AdminTable<AdminConsultation>
          rowKey="id"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          scroll={{ x: 900 }}
          locale={{ emptyText: table.filters.status === 'pending' ? '没有待回复的咨询' : '暂无咨询' }}
        />
      </AdminSection>
    </AdminPage>
  );
}
