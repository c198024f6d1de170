import { Alert, Button, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { organizationLabels } from '@lab/contract';
import { displayName, maskPhone, useUserInfo } from '../../../lib/user-info';
import { absoluteUrl } from '../../../lib/site-info';
import { formatDate } from '../../../lib/format';
import { samplingDialog } from '../../../components/member/sampling-dialog-store';
import type { ReactNode } from 'react';
import { MemberFigures } from './member-figures';
import { MemberOrderStatus } from './member-order-status';
import '../../member/pages/member-center.css';

const shortcuts = [
  { to: '/experiment/plan', label: '实验计划', note: '整理待下单的检测项目' },
  { to: '/member/order', label: '我的订单', note: '查看进度与检测数据' },
  { to: '/member/sample', label: '上门取样', note: '预约取样或自行寄样', pickup: true },
  { to: '/member/invoiceMg', label: '发票抬头', note: '维护开票信息' },
];

/**
 * 会员中心: who I am, what is missing before ordering, my figures (web/home/data), my invite
 * code; `money` is the funds card, composed in by the page (features do not import each other).
 */
export function MemberCenter({ money }: { money?: ReactNode }) {
  const { data: info, isPending, isError, error, refetch } = useUserInfo();

  if (isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (isError || !info) {
    return (
      <Alert
        type="error"
        showIcon
        title="会员信息加载失败"
        description={error?.message ?? '请稍后重试'}
        action={<Button onClick={() => void refetch()}>重试</Button>}
      />
    );
  }

  const { account } = info;
  const inviteLink = absoluteUrl(`/invited/${account.inviteCode}`);
  const rows: [string, string][] = [
    ['手机号', maskPhone(account.phone)],
    ['用户类型', account.organization === null ? '未填写' : (organizationLabels[account.organization] ?? '未填写')],
    ['单位名称', account.company || '未填写'],
    ['邮箱', account.email || '未填写'],
    ['注册时间', formatDate(account.createdAt)],
  ];

  return (
    <div className="member-center">
      <h1 className="page-title">会员中心</h1>
      {info.addressList.length === 0 ? (
        <Alert
          className="mc-alert"
          type="warning"
          showIcon
          title="未完善基本信息将无法正常下单"
          description="请完善姓名、邮箱、用户类型、单位与收货地址，以便我们准确寄送报告、发票并寄回样品。"
          action={
            <Link to="/member/information">
              <Button type="primary" size="small">
                去完善资料
              </Button>
            </Link>
          }
        />
      ) : null}

      <MemberOrderStatus />

      <section className="mc-card mc-profile" aria-label="我的资料">
        <div className="mc-hello">
          <h2>{displayName(info)}</h2>
          <p>您好，欢迎回来！</p>
        </div>
        <dl className="mc-fields">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <MemberFigures />

      {money}

      <section className="mc-card" aria-label="邀请有礼">
        <h2 className="mc-card-title">我的邀请码</h2>
        <p className="mc-invite-code" data-testid="invite-code">
          {account.inviteCode}
        </p>
        <p className="mc-muted">好友通过您的邀请链接注册后成为您邀请的会员：</p>
        <Typography.Paragraph className="mc-invite-link" copyable={{ text: inviteLink, tooltips: ['复制链接', '已复制'] }}>
          {inviteLink}
        </Typography.Paragraph>
      </section>

      <nav className="mc-shortcuts" aria-label="常用功能">
        {shortcuts.map((item) => (
          <Link key={item.to} to={item.to} onClick={'pickup' in item ? () => samplingDialog.open() : undefined}>
            <strong>{item.label}</strong>
            <small>{item.note}</small>
          </Link>
        ))}
      </nav>
    </div>
  );
}
