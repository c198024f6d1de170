import { App, Button, Form, Input, Radio, Tag, Typography, type TableColumnsType } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { adminAnnouncementBody, type AnnouncementView } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { SchemaForm } from '../../../components/schema-form';
import { settled } from '../../../lib/use-api-mutation';
import { useAnnouncements, useSendAnnouncement } from '../api/announcements';

interface Values {
  audience: 'all' | 'member';
  member_phone: string;
  title: string;
  content: string;
}

/** /admin/announcements: an in-site announcement to every member or to one, and what was sent before. */
export default function AnnouncementsPage() {
  const [form] = Form.useForm<Values>();
  const audience = Form.useWatch('audience', form) ?? 'all';
  const table = useServerTable({ filters: {} });
  const { data, isFetching } = useAnnouncements(table.query);
  const send = useSendAnnouncement();
  const { modal } = App.useApp();

  // the contract's body; to one member, that member's phone is needed
  const schema = adminAnnouncementBody.superRefine((body, ctx) => {
    if (audience === 'member' && !body.member_phone) ctx.addIssue({ code: 'custom', path: ['member_phone'], message: '[会员手机号]不能为空' });
  });
  const bodyOf = (values: Values) => ({ title: values.title ?? '', content: values.content ?? '', ...(values.audience === 'member' ? { member_phone: values.member_phone ?? '' } : {}) });

  const submit = (values: Values) => {
    const body = bodyOf(values);
    modal.confirm({
      title: values.audience === 'all' ? '发送给全部会员？' : `发送给 ${values.member_phone}？`,
      content: values.audience === 'all' ? '每位未停用的会员都会在站内消息中收到这条公告，发送后不能撤回。' : '该会员会在站内消息中收到这条公告。',
      okText: '发送',
      cancelText: '取消',
      onOk: () =>
        settled(
          send.mutateAsync(body, {
            onSuccess: (sent) => {
              feedback.success(`公告已发送，共 ${sent.sent} 位会员`);
              form.resetFields();
            },
          }),
        ),
    });
  };

  const columns: TableColumnsType<AnnouncementView> = [
    { title: '发送时间', dataIndex: 'createdAt', width: 150, render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    { title: '标题', dataIndex: 'title', width: 200 },
    { title: '内容', dataIndex: 'content', render: (text: string) => <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 2, expandable: true, symbol: '展开' }}>{text}</Typography.Paragraph> },
    {
      title: '接收人',
      key: 'to',
      width: 180,
      render: (_, row) => (row.audience === 'all' ? <Tag color="blue">全部会员 · {row.sent} 人</Tag> : <span>{row.member?.name} <span className="admin-muted">{row.member?.phone}</span></span>),
    },
    { title: '发送人', dataIndex: 'staffName', width: 110 },
  ];

  return (
    <AdminPage title="站内公告" description="公告出现在会员的「站内消息」里，顶部铃铛会提示未读。">
      <AdminSection title="发布公告">
        <SchemaForm form={form} name="announcement" schema={schema} body={bodyOf} layout="vertical" initialValues={{ audience: 'all', member_phone: '', title: '', content: '' }} style={{ maxWidth: 720 }} onSubmit={(_checked, values) => submit(values)}>
          <Form.Item label="接收人" name="audience">
            <Radio.Group options={[{ value: 'all', label: '全部会员' }, { value: 'member', label: '指定会员' }]} />
          </Form.Item>
          {audience === 'member' && (
            <Form.Item label="会员手机号" name="member_phone" required>
              <Input maxLength={11} inputMode="numeric" placeholder="会员注册的手机号" style={{ maxWidth: 240 }} />
            </Form.Item>
          )}
          <Form.Item label="标题" name="title" required>
            <Input maxLength={60} showCount placeholder="例如：春节期间收样安排" />
          </Form.Item>
          <Form.Item label="内容" name="content" required>
            <Input.TextArea rows={5} maxLength={2000} showCount placeholder="公告正文" />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isPending}>发送公告</Button>
        </SchemaForm>
      </AdminSection>
      <AdminSection title="已发送">
        <AdminTable<AnnouncementView>
          rowKey="rid"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          scroll={{ x: 860 }}
          locale={{ emptyText: '还没有发送过公告' }}
        />
      </AdminSection>
    </AdminPage>
  );
}
