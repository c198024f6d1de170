import { Button, Checkbox, Popconfirm, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { agreementKindLabels, agreementKinds, consentChannelLabels, consentPurposeLabels, noticeChannelLabels, type ConsentRecord, type NoticeChannel, type SetNoticeChannelsBody } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { LoadFailed } from '../../../components/member/load-failed';
import { agreementKeys, setMarketingSms, useMyConsents } from '../api/consents';
import { wxLogin } from '../../accounts/api/wx-login';
import { noticeChannelKeys, setNoticeChannels, useNoticeChannels } from '../../messages/api/notice-channels';
import '../../../components/member/member-pages.css';

const columns: ColumnsType<ConsentRecord> = [
  { title: '时间', dataIndex: 'createdAt', width: 170, render: (at: string) => formatDateTime(at) },
  { title: '事项', dataIndex: 'purpose', render: (purpose: ConsentRecord['purpose'], row) => `${consentPurposeLabels[purpose]}${row.version ? `（第 ${row.version} 版）` : ''}` },
  { title: '操作', dataIndex: 'granted', width: 80, render: (granted: boolean) => (granted ? <Tag color="green">同意</Tag> : <Tag>撤回</Tag>) },
  { title: '方式', dataIndex: 'channel', render: (channel: ConsentRecord['channel']) => consentChannelLabels[channel] },
  { title: 'IP 地址', dataIndex: 'ip', width: 140, render: (ip: string | null) => ip ?? '—' },
];

const wxBindingKey = ['member', 'wx-binding'] as const;

/**
 * 通知方式: for each service notice, which of 短信, 邮件, 微信 carry it (at least one; the in-site
 * message always stays). 微信 needs a WeChat bound and following the official account; without it
 * the notice goes by SMS.
 */
function NoticeChannelsCard() {
  const client = useQueryClient();
  const mine = useNoticeChannels();
  const change = useApiMutation({
    mutationFn: (body: SetNoticeChannelsBody) => setNoticeChannels(body),
    onSuccess: (data) => {
      client.setQueryData(noticeChannelKeys.mine, data);
      feedback.success('已保存通知方式');
    },
  });
  const data = mine.data;
  return (
    <section className="member-card" aria-labelledby="notice-channels-title">
      <h2 className="member-card-title" id="notice-channels-title">
        通知方式
      </h2>
      {mine.isError ? <LoadFailed title="通知方式加载失败" error={mine.error} onRetry={mine.refetch} /> : null}
      <p className="member-muted">
        选择各类服务通知的接收方式（至少一项），站内消息总会保留。
        {data && !data.wechatReady ? '选择“微信”需先绑定微信并关注公众号，否则改发短信。' : ''}
        {data && !data.hasEmail ? '“邮件”需在个人资料中填写邮箱。' : ''}
      </p>
      <ul style={{ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: 8 }}>
        {(data?.kinds ?? []).map((row) => (
          <li key={row.kind} style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', alignItems: 'center' }}>
            <strong id={`notice-${row.kind}`} style={{ minWidth: 128 }}>
              {row.label}
            </strong>
            <Checkbox.Group
              aria-labelledby={`notice-${row.kind}`}
              value={row.channels}
              disabled={change.isPending}
              options={(Object.keys(noticeChannelLabels) as NoticeChannel[]).map((channel) => ({ value: channel, label: noticeChannelLabels[channel] }))}
              onChange={(channels) => {
                if (channels.length === 0) {
                  feedback.error('请至少选择一种通知方式');
                  return;
                }
                change.mutate({ kind: row.kind, channels: channels as NoticeChannel[] });
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * 微信绑定: the WeChat bound at its first scan of the official account's QR code (it logs in by a
 * scan and receives the WeChat notices); 解除绑定 ends both. Shown while the official account
 * serves, or while a binding made under it remains.
 */
function WxBindingCard() {
  const client = useQueryClient();
  const binding = useQuery({ queryKey: wxBindingKey, queryFn: () => wxLogin.binding() });
  const unbind = useApiMutation({
    mutationFn: () => wxLogin.unbind(),
    onSuccess: (data) => {
      client.setQueryData(wxBindingKey, data);
      feedback.success('已解除微信绑定，微信通知将改为短信发送');
    },
  });
  const data = binding.data;
  if (!data || (!data.officialAccount && !data.bound)) return null;
  return (
    <section className="member-card" aria-labelledby="wx-binding-title">
      <h2 className="member-card-title" id="wx-binding-title">
        微信绑定
      </h2>
      <div style={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' }}>
        <div>
          <strong>{data.bound ? '已绑定微信' : '未绑定微信'}</strong>
          <p className="member-muted">
            {data.bound
              ? `${data.boundAt ? `绑定于 ${formatDateTime(data.boundAt)}。` : ''}可用微信扫码登录，并在公众号接收服务通知${data.subscribed === false ? '（您已取消关注公众号，通知改为短信发送）' : ''}。`
              : '在电脑登录页选择“微信登录”并用微信扫码，按提示填写手机号即可绑定（仅需一次）。'}
          </p>
        </div>
        {data.bound ? (
          <Popconfirm title="解除后该微信不能再扫码登录本账号，微信通知改为短信。确定解除？" okText="解除绑定" cancelText="取消" onConfirm={() => unbind.mutate()}>
            <Button danger loading={unbind.isPending}>
              解除绑定
            </Button>
          </Popconfirm>
        ) : null}
      </div>
    </section>
  );
}

/**
 * 账号设置 → 隐私与授权: 营销短信 on or off (off unless the member switched it on; every change is
 * recorded), the agreements in force, and the record of what the member agreed to and when.
 */
export default function AccountSettingsPage() {
  const mine = useMyConsents();
  const client = useQueryClient();
  const change = useApiMutation({
    mutationFn: setMarketingSms,
    onSuccess: (data, granted) => {
      client.setQueryData(agreementKeys.mine, data);
      feedback.success(granted ? '已开启营销短信' : '已关闭营销短信，我们将不再向您发送营销短信');
    },
  });
  return (
    <div className="member-page">
      <h1 className="page-title">账号设置</h1>
      <section className="member-card" aria-labelledby="privacy-title">
        <h2 className="member-card-title" id="privacy-title">
          隐私与授权
        </h2>
        {mine.isError ? <LoadFailed title="授权信息加载失败" error={mine.error} onRetry={mine.refetch} /> : null}
        <div style={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 16 }}>
          <div>
            <strong id="marketing-label">营销短信</strong>
            <p className="member-muted">优惠活动、优惠券到期提醒等推广短信。关闭后不影响验证码、订单进度、到样与出数据等服务通知；也可回复短信“TD”退订。</p>
          </div>
          <Switch aria-labelledby="marketing-label" checked={mine.data?.marketingSms ?? false} disabled={!mine.data} loading={change.isPending} onChange={(checked) => change.mutate(checked)} />
        </div>
      </section>
      <WxBindingCard />
      <NoticeChannelsCard />
      <section className="member-card" aria-labelledby="agreements-title">
        <h2 className="member-card-title" id="agreements-title">
          协议与政策
        </h2>
        <ul style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 24px', margin: 0, padding: 0, listStyle: 'none' }}>
          {agreementKinds.map((kind) => (
            <li key={kind}>
              <Link to={`/agreement/${kind}`}>《{agreementKindLabels[kind]}》</Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="member-card" aria-labelledby="consent-history-title">
        <h2 className="member-card-title" id="consent-history-title">
          同意记录
        </h2>
        <Table<ConsentRecord>
          rowKey={(row) => `${row.createdAt}-${row.purpose}-${String(row.granted)}`}
          size="small"
          columns={columns}
          dataSource={mine.data?.history ?? []}
          loading={mine.isPending}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 640 }}
          locale={{ emptyText: '暂无记录' }}
        />
      </section>
    </div>
  );
}
