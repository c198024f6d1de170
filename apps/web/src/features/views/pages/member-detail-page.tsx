import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert, App, Button, Result, Skeleton, Tabs, Tag } from 'antd';
import { attestationReviewLabels } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { Money } from '../../../components/admin/money';
import { useReasonPrompt } from '../../../components/admin/reason-prompt';
import { StatusTag } from '../../../components/admin/status-tag';
import { useStaffMe } from '../../../lib/admin-api';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { useMember } from '../../admin-member/api/get-member';
import { setMemberDisabled, useMemberMutation } from '../../admin-member/api/save-member';
import { AdviserModal } from '../../admin-member/components/adviser-modal';
import { organizationColors, organizationText, reviewTones } from '../../admin-member/components/labels';
import { MemberConsentsTab } from '../components/member-consents-tab';
import { MemberCommunitiesTab } from '../components/member-communities-tab';
import { MemberCouponsTab } from '../components/member-coupons-tab';
import { Figure, MemberFundsTab } from '../components/member-funds-tab';
import { MemberOrdersTab } from '../components/member-orders-tab';
import { MemberProfileTab } from '../../admin-member/components/member-profile-tab';
import { OrganizationModal } from '../../admin-member/components/organization-modal';
import '../../../components/admin/customers.css';

const tabKeys = ['profile', 'orders', 'funds', 'coupons', 'communities'] as const;
type TabKey = (typeof tabKeys)[number];

/** /admin/members/:rid — one member's profile, orders, money, coupons and points, communities; the account actions for sales. */
export default function MemberDetailPage() {
  const { rid = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = (tabKeys as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as TabKey) : 'profile';
  const { data: member, isLoading, error } = useMember(rid);
  const me = useStaffMe();
  const role = me.data?.role;
  // finance looks members up; the account actions are the customer managers'
  const canManage = role === 'sales' || role === 'admin';
  const canOpenOrders = role === 'sales' || role === 'admin' || role === 'lab';
  const [adviserOpen, setAdviserOpen] = useState(false);
  const [organizationOpen, setOrganizationOpen] = useState(false);
  const prompt = useReasonPrompt();
  const { modal } = App.useApp();
  const status = useMemberMutation(setMemberDisabled);
  const parents = [{ title: '会员管理', to: '/admin/members' }];

  if (isLoading) {
    return (
      <AdminPage title="会员详情" parents={parents}>
        <AdminSection>
          <Skeleton active paragraph={{ rows: 8 }} />
        </AdminSection>
      </AdminPage>
    );
  }
  if (!member) {
    return (
      <AdminPage title="会员详情" parents={parents}>
        <AdminSection>
          <Result status="404" title="找不到该会员" subTitle={error?.message ?? '会员不存在或已被删除'} />
        </AdminSection>
      </AdminPage>
    );
  }

  const { account } = member;
  const displayName = account.name || account.nickname;

  const disable = async () => {
    const reason = await prompt({ title: `停用 ${displayName} 的账号？`, label: '停用原因', placeholder: '例如：多次恶意下单。原因记入操作日志', required: true, okText: '停用', danger: true });
    if (reason === null) return;
    status.mutate({ rid, disabled: true, reason }, {
      onSuccess: () => {
        feedback.success('会员已停用，其登录已全部失效');
      },
    });
  };
  const enable = () =>
    modal.confirm({
      title: `启用 ${displayName} 的账号？`,
      content: '启用后该会员可以重新登录和下单。',
      okText: '启用',
      cancelText: '取消',
      onOk: () =>
        settled(
          status.mutateAsync({ rid, disabled: false }, {
            onSuccess: () => {
              feedback.success('会员已启用');
            },
          }),
        ),
    });

  return (
    <AdminPage
      title={displayName}
      parents={parents}
      description={
        <span className="customers-inline">
          <span>{account.phone}</span>
          <Tag color={account.organization === null ? 'default' : organizationColors[account.organization]}>{organizationText(account.organization)}</Tag>
          <StatusTag status={member.review.status} labels={{ ...attestationReviewLabels, none: '未提交认证' }} tones={reviewTones} />
          {account.disabled ? <Tag color="error">已停用</Tag> : null}
          <span className="admin-muted">注册于 {formatDateTime(account.createdAt)}</span>
        </span>
      }
      extra={
        canManage ? (
          <>
            <Button onClick={() => setAdviserOpen(true)}>设置客户经理</Button>
            <Button onClick={() => setOrganizationOpen(true)}>设置用户类型</Button>
            {account.disabled ? (
              <Button onClick={enable}>启用</Button>
            ) : (
              <Button danger onClick={() => void disable()}>
                停用
              </Button>
            )}
          </>
        ) : null
      }
    >
      {account.disabled && <Alert type="error" showIcon title="该会员已停用" description="停用期间无法登录和下单；如需恢复，请点击右上角「启用」。" />}
      <AdminSection>
        <div className="customers-figures">
          <Figure label="客户经理" value={member.adviser?.name ?? <span className="admin-muted">未分配</span>} />
          <Figure label="订单（进行中）" value={`${member.orders.total}（${member.orders.open}）`} />
          <Figure label="累计支付" value={<Money fen={member.orders.paidFen} />} />
          <Figure label="预存款余额" value={<Money fen={member.funds.prestoreFen} />} />
          <Figure label="积分" value={member.funds.points.toLocaleString('en-US')} />
          <Figure label="可用优惠券" value={`${member.funds.usableCoupons} 张`} />
        </div>
      </AdminSection>
      <AdminSection>
        <Tabs
          className="customers-tabs"
          activeKey={tab}
          onChange={(key) => setParams((current) => {
            const next = new URLSearchParams(current);
            if (key === 'profile') next.delete('tab');
            else next.set('tab', key);
            return next;
          }, { replace: true })}
          destroyOnHidden
          items={[
            { key: 'profile', label: '资料', children: <MemberProfileTab member={member} canReview={canManage} /> },
            { key: 'orders', label: `订单（${member.orders.total}）`, children: <MemberOrdersTab rid={rid} canOpenOrders={canOpenOrders} /> },
            { key: 'funds', label: '资金', children: <MemberFundsTab member={member} /> },
            { key: 'coupons', label: '优惠券与积分', children: <MemberCouponsTab member={member} /> },
            { key: 'communities', label: '科研团体', children: <MemberCommunitiesTab member={member} /> },
            { key: 'consents', label: '同意记录', children: <MemberConsentsTab rid={rid} /> },
          ]}
        />
      </AdminSection>
      <AdviserModal open={adviserOpen} rid={rid} current={member.adviser?.id ?? null} onClose={() => setAdviserOpen(false)} />
      <OrganizationModal open={organizationOpen} rid={rid} current={account.organization} onClose={() => setOrganizationOpen(false)} />
    </AdminPage>
  );
}
