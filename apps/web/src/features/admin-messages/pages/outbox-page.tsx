import { Button, DatePicker, Input, Segmented, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import dayjs from 'dayjs';
import { noticeParamLabels, type OutboxEntry, type WechatTemplateView } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { AdminTable } from '../../../components/admin/admin-table';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { useOutbox, useResendOutbox } from '../api/outbox';
import { useSaveWechatTemplate, useWechatTemplates } from '../api/wechat-templates';

const channelOptions = [
  { value: '', label: '全部' },
  { value: 'sms', label: '短信' },
  { value: 'email', label: '邮件' },
  { value: 'wechat', label: '微信' },
];

const channelTags: Record<OutboxEntry['channel'], { color: string; label: string }> = {
  sms: { color: 'blue', label: '短信' },
  email: { color: 'purple', label: '邮件' },
  wechat: { color: 'green', label: '微信' },
};

const statusOptions = [
  { value: '', label: '全部状态' },
  { value: 'queued', label: '排队中' },
  { value: 'sent', label: '已发送' },
  { value: 'failed', label: '发送失败' },
];

const statusTags: Record<OutboxEntry['status'], { color: string; label: string }> = {
  queued: { color: 'gold', label: '排队中' },
  sent: { color: 'green', label: '已发送' },
  failed: { color: 'red', label: '发送失败' },
};

const templateLabels: Record<string, string> = {
  verify_code: '验证码',
  consult_reply: '咨询回复',
  contract_to_sign: '合同待签',
  order_confirmed: '订单确认',
  order_sample_received: '已收样',
  order_testing: '开始测试',
  order_retest: '安排复测',
  order_data_delivered: '出数通知',
  order_unpaid_reminder: '待支付',
  pickup_reminder: '上门取样提醒',
  tutor_approval: '待导师审批',
  booking_reminder: '上机提醒',
  booking_confirmed: '预约确认',
  wait_offer: '候补到位',
  order_completed: '订单完成',
  order_cancelled: '订单取消',
  order_disputed: '复测申请',
  order_paid: '付款成功',
  requirement_quoted: '需求报价',
  requirement_closed: '需求关闭',
};

/**
 * /admin/outbox (消息 → 发送记录): every SMS and e-mail, to check what a customer was told and
 * whether it left: a message the provider refused on every try is 发送失败, with the last error,
 * and can be sent again.
 */
export default function OutboxPage() {
  const table = useServerTable({ filters: { channel: '', status: '', recipient: '', from: '', to: '' } });
  const { data, isFetching } = useOutbox(table.query);
  const resend = useResendOutbox();
  const range: [dayjs.Dayjs, dayjs.Dayjs] | null = table.filters.from && table.filters.to ? [dayjs(table.filters.from), dayjs(table.filters.to)] : null;

  const columns: TableColumnsType<OutboxEntry> = [
    { title: '发送时间', dataIndex: 'createdAt', width: 150, render: (at: string) => <span className="admin-nowrap">{formatDateTime(at)}</span> },
    { title: '渠道', dataIndex: 'channel', width: 80, render: (channel: OutboxEntry['channel']) => <Tag color={channelTags[channel].color}>{channelTags[channel].label}</Tag> },
    { title: '接收人', dataIndex: 'recipient', width: 190 },
    { title: '类型', dataIndex: 'template', width: 120, render: (template: string) => templateLabels[template] ?? template },
    { title: '内容', dataIndex: 'body', render: (text: string) => <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 2, expandable: true, symbol: '展开' }}>{text}</Typography.Paragraph> },
    { title: '通道', dataIndex: 'provider', width: 90, render: (provider: string) => <span className="admin-muted">{provider}</span> },
    {
      title: '状态',
      dataIndex: 'status',
      width: 200,
      render: (status: OutboxEntry['status'], entry) => (
        <div>
          <Tag color={statusTags[status].color}>{statusTags[status].label}</Tag>
          <span className="admin-muted">尝试 {entry.attempts} 次{entry.triedAt ? ` · ${formatDateTime(entry.triedAt)}` : ''}</span>
          {entry.lastError && status !== 'sent' ? <div className="admin-muted">最后错误：{entry.lastError}</div> : null}
          {entry.lastError && status === 'sent' && entry.lastError.includes('改发短信') ? <div className="admin-muted">{entry.lastError}</div> : null}
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_: unknown, entry) =>
        entry.status === 'failed' ? (
          <Button size="small" loading={resend.isPending && resend.variables === entry.id} onClick={() => resend.mutate(entry.id)}>
            重新发送
          </Button>
        ) : null,
    },
  ];

  return (
    <AdminPage title="发送记录" description="系统发出的每一条短信、邮件和微信通知（验证码已隐去）及其发送状态；重试用尽仍失败的可重新发送。">
      <AdminSection>
        <div className="admin-filters">
          <Segmented options={channelOptions} value={table.filters.channel} onChange={(channel) => table.setFilters({ channel: String(channel) })} />
          <Select options={statusOptions} value={table.filters.status} onChange={(status: string) => table.setFilters({ status })} aria-label="状态" style={{ width: 120 }} />
          <Input.Search allowClear placeholder="手机号或邮箱" defaultValue={table.filters.recipient} onSearch={(recipient) => table.setFilters({ recipient })} aria-label="接收人" />
          <DatePicker.RangePicker
            value={range}
            onChange={(dates) => table.setFilters({ from: dates?.[0]?.format('YYYY-MM-DD') ?? '', to: dates?.[1]?.format('YYYY-MM-DD') ?? '' })}
            aria-label="发送日期"
          />
        </div>
        <AdminTable<OutboxEntry>
          rowKey="id"
          columns={columns}
          query={{ data, isFetching }}
          table={table}
          scroll={{ x: 1300 }}
        />
      </AdminSection>
      <WechatTemplatesSection />
    </AdminPage>
  );
}

/** One kind's template: its id and "模板字段=参数" lines, saved together. */
function TemplateEditor({ view }: { view: WechatTemplateView }) {
  const [templateId, setTemplateId] = useState(view.templateId ?? '');
  const [fields, setFields] = useState(
    Object.entries(view.fields)
      .map(([field, param]) => `${field}=${param}`)
      .join('\n'),
  );
  const save = useSaveWechatTemplate();
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Input value={templateId} onChange={(e) => setTemplateId(e.target.value)} placeholder="模板ID（留空即停用）" aria-label={`${view.label}模板ID`} style={{ width: 260 }} />
      <Input.TextArea value={fields} onChange={(e) => setFields(e.target.value)} placeholder="character_string1=orderNo" aria-label={`${view.label}字段对应`} autoSize={{ minRows: 1, maxRows: 4 }} style={{ width: 260 }} />
      <Button loading={save.isPending} onClick={() => save.mutate({ kind: view.kind, templateId, fields })}>
        保存
      </Button>
    </div>
  );
}

/**
 * 公众号模板消息: which template of the official account carries each service notice, and which
 * of the template's fields shows which of the notice's parameters. A notice without a template
 * goes by SMS.
 */
function WechatTemplatesSection() {
  const { data, isFetching } = useWechatTemplates();
  const columns: TableColumnsType<WechatTemplateView> = [
    { title: '服务通知', dataIndex: 'label', width: 140 },
    { title: '可用参数', dataIndex: 'params', width: 220, render: (params: string[]) => params.map((p) => `${p}（${noticeParamLabels[p] ?? p}）`).join('、') },
    { title: '模板ID与字段对应（每行一项：模板字段=参数）', key: 'edit', render: (_: unknown, view) => <TemplateEditor key={`${view.kind}-${view.updatedAt ?? ''}`} view={view} /> },
  ];
  return (
    <AdminSection title="公众号模板消息">
      <p className="admin-muted">在公众号后台“模板消息”中添加模板后，把模板ID和字段对应填在这里；会员绑定微信并关注公众号后，按其在账号设置中选择的方式接收。未设置模板的通知改发短信。</p>
      <Table<WechatTemplateView> rowKey="kind" size="small" columns={columns} dataSource={data ?? []} loading={isFetching} pagination={false} scroll={{ x: 900 }} />
    </AdminSection>
  );
}
