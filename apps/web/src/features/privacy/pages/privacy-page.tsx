import { useState } from 'react';
import { Alert, Button, Skeleton, Space } from 'antd';
import { Link } from 'react-router';
import { ACCOUNTING_RETENTION_NOTE, DATA_EXPORTS_PER_HOUR } from '@lab/contract';
import { LoadFailed } from '../../../components/member/load-failed';
import { feedback } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { exportMyData, privacyKey, usePrivacyOverview } from '../api/privacy-actions';
import { CloseAccountDialog } from '../components/close-account-dialog';
import '../../../components/member/member-pages.css';
import './privacy.css';

/** where each piece of the member's data is corrected (PIPL art. 46) */
const corrections = [
  { to: '/member/information', label: '个人资料', what: '昵称；资料认证中的姓名、邮箱、用户类型、单位、导师信息' },
  { to: '/member/address', label: '地址管理', what: '收货地址的联系人、电话与地址' },
  { to: '/member/invoiceMg', label: '发票抬头', what: '开票抬头、税号、开户行等' },
];

/**
 * /member/privacy 个人信息与隐私 (《个人信息保护法》): a copy of my data, where to correct it,
 * my consents, and 注销账号 with what still stands in the way, shown before the member tries.
 */
export default function PrivacyPage() {
  const overview = usePrivacyOverview();
  const [closing, setClosing] = useState(false);
  const download = useApiMutation({
    mutationFn: exportMyData,
    invalidates: [privacyKey],
    onSuccess: (name) => feedback.success(`已下载 ${name}`),
  });
  const data = overview.data;

  return (
    <div className="member-page privacy-page">
      <h1 className="page-title">个人信息与隐私</h1>
      <p className="member-page-lead">
        依据《个人信息保护法》，您可以查阅、复制、更正您的个人信息，撤回同意，或注销账号。我们如何处理个人信息，详见<Link to="/agreement/privacy">隐私政策</Link>。
      </p>

      <section className="member-card" aria-label="下载我的数据">
        <h2 className="member-card-title">下载我的数据</h2>
        <p className="member-muted">
          包含账号信息、资料认证、收货地址、订单及明细、发票抬头与开票申请、资金与积分流水、站内消息、科研团体、上门取样、样品寄回、检测需求和同意记录。JSON 便于导入其他系统，Excel 每部分一个工作表，便于阅读。
        </p>
        <Space wrap>
          <Button type="primary" loading={download.isPending && download.variables === 'xlsx'} disabled={download.isPending} onClick={() => download.mutate('xlsx')}>
            下载 Excel
          </Button>
          <Button loading={download.isPending && download.variables === 'json'} disabled={download.isPending} onClick={() => download.mutate('json')}>
            下载 JSON
          </Button>
        </Space>
        <p className="member-muted privacy-note">
          {data?.lastExportAt ? `上次下载：${formatDateTime(data.lastExportAt)}。` : ''}为保护您的信息，每小时最多下载 {DATA_EXPORTS_PER_HOUR} 次{data ? `（本小时还可下载 ${data.exportsLeftThisHour} 次）` : ''}，每次下载均记录在案。
        </p>
      </section>

      <section className="member-card" aria-label="更正我的数据">
        <h2 className="member-card-title">更正我的数据</h2>
        <ul className="privacy-links">
          {corrections.map((c) => (
            <li key={c.to}>
              <Link to={c.to}>{c.label}</Link>
              <span className="member-muted">{c.what}</span>
            </li>
          ))}
          <li>
            <span>手机号</span>
            <span className="member-muted">手机号是登录账号，如需更换请联系客服核验身份后办理</span>
          </li>
        </ul>
      </section>

      <section className="member-card" aria-label="我的同意">
        <h2 className="member-card-title">我的同意</h2>
        <p className="member-muted">
          您同意的《用户协议》《隐私政策》版本、营销短信授权以及每一次同意与撤回的记录，都在<Link to="/member/settings">账号设置</Link>中查看；营销短信可随时关闭（撤回同意不影响撤回前已进行的处理）。同意记录也包含在上方下载的数据副本中。
        </p>
      </section>

      <section className="member-card" aria-label="注销账号">
        <h2 className="member-card-title">注销账号</h2>
        {overview.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : overview.isError ? (
          <LoadFailed title="注销条件加载失败" error={overview.error} onRetry={() => void overview.refetch()} />
        ) : data && data.blockers.length > 0 ? (
          <Alert
            type="info"
            showIcon
            title="暂不能注销，请先处理以下事项"
            description={
              <ol className="privacy-list" aria-label="注销阻碍">
                {data.blockers.map((b) => (
                  <li key={b.code}>
                    {b.reason}
                    {b.link ? (
                      <>
                        {' '}
                        <Link to={b.link}>去处理</Link>
                      </>
                    ) : null}
                  </li>
                ))}
              </ol>
            }
          />
        ) : (
          <p className="member-muted">您的账号当前没有进行中的订单、余额或待处理的申请，可以注销。{data && data.pointsBalance > 0 ? `注销后剩余 ${data.pointsBalance} 积分将作废。` : ''}</p>
        )}
        <p className="member-muted privacy-note">{ACCOUNTING_RETENTION_NOTE}</p>
        <div>
          <Button danger disabled={!data || data.blockers.length > 0} onClick={() => setClosing(true)}>
            注销账号
          </Button>
        </div>
        {data ? <CloseAccountDialog open={closing} onClose={() => setClosing(false)} phoneMasked={data.phoneMasked} hasPassword={data.hasPassword} pointsBalance={data.pointsBalance} /> : null}
      </section>
    </div>
  );
}
