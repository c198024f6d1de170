import { Link } from 'react-router';
import { Alert, Badge, Button, Skeleton } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { WEEKDAY_NAMES, weekdayOf, type AdminDashboard } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { useCanOpenScreen } from '../../../components/admin/screen-access';
import { useStaffMe } from '../../../lib/admin-api';
import { useDashboard } from '../api/get-dashboard';
import { RiskList } from '../components/risk-list';
import { UnsettledList } from '../components/unsettled-list';
import './dashboard.css';

type CountKey = keyof AdminDashboard['counts'];

/** The tiles: what each count means, where it is handled, and whether a non-zero value needs attention. */
const tiles: { key: CountKey; label: string; to: string; urgent?: boolean; note?: string }[] = [
  { key: 'newOrdersToday', label: '今日新订单', to: 'orders' },
  { key: 'samplesExpected', label: '待寄样', to: 'orders?progress=awaiting_sample', note: '等待客户寄送或上门取样' },
  { key: 'pickupsToday', label: '今日上门取样', to: 'sampling' },
  { key: 'pickupsOverdue', label: '逾期未取样', to: 'sampling', urgent: true },
  { key: 'inLab', label: '在检订单', to: 'orders?progress=testing', note: '已收样或测试中' },
  { key: 'unsettledOrders', label: '待结算提醒', to: 'orders?payment=unsettled', urgent: true, note: '测试后结算已出数据未付款' },
  { key: 'pendingReturns', label: '待寄回样品', to: 'returns' },
  { key: 'promisesMissed', label: '超时服务承诺', to: 'alerts', urgent: true, note: '近30天未按时完成' },
  { key: 'pendingTopUps', label: '待确认预存', to: 'finance/prestores' },
  { key: 'pendingInvoices', label: '待开发票', to: 'finance/invoices' },
  { key: 'pendingWithdrawals', label: '待审提现', to: 'finance/withdrawals' },
  { key: 'pendingTransfers', label: '待审转账', to: 'finance/transfers' },
  { key: 'pendingCredit', label: '待审信用额度', to: 'finance/credit' },
  { key: 'pendingAttestations', label: '待审资料认证', to: 'attestations' },
  { key: 'pendingCommunities', label: '待审科研团体', to: 'communities' },
  { key: 'pendingPartners', label: '待审合伙人', to: 'partners' },
  { key: 'pendingConsultations', label: '待回复咨询', to: 'consultations' },
];

function greeting(now: Date) {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', hourCycle: 'h23' }).format(now));
  return hour < 11 ? '早上好' : hour < 13 ? '中午好' : hour < 18 ? '下午好' : '晚上好';
}

function Tiles({ counts }: { counts: AdminDashboard['counts'] }) {
  const canOpen = useCanOpenScreen();
  const visible = tiles.filter((tile) => canOpen(tile.to));
  return (
    <div className="dashboard-tiles">
      {visible.map((tile) => {
        const value = counts[tile.key];
        const alert = tile.urgent && value > 0;
        return (
          <Link key={tile.key} to={`/admin/${tile.to}`} className={alert ? 'dashboard-tile is-alert' : 'dashboard-tile'}>
            <span className="dashboard-tile-label">{tile.label}</span>
            <strong className="dashboard-tile-value">{value}</strong>
            {tile.note && <span className="dashboard-tile-note">{tile.note}</span>}
          </Link>
        );
      })}
    </div>
  );
}

/** /admin/dashboard: today's work for the person's role, the service promises at risk, and pay-after-test orders waiting for their money. */
export default function DashboardPage() {
  const me = useStaffMe();
  const { data, isPending, isError, error, refetch, isFetching, dataUpdatedAt } = useDashboard();
  const now = new Date(dataUpdatedAt || Date.now());
  const role = me.data?.role;
  const canOpen = useCanOpenScreen();
  const ordersVisible = canOpen('orders');
  const [year, month, day] = (data?.today ?? '').split('-');
  const weekday = data ? WEEKDAY_NAMES[weekdayOf(data.today)] : '';

  const riskCount = data ? data.risks.callOverdue.length + data.risks.noticeOverdue.length + data.risks.returnsDue.filter((r) => r.overdue).length : 0;

  return (
    <AdminPage
      title="工作台"
      description={me.data && data ? `${greeting(now)}，${me.data.name}。今天是 ${year}年${Number(month)}月${Number(day)}日 ${weekday}。` : undefined}
      extra={<Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>刷新</Button>}
    >
      {isError && <Alert type="error" showIcon message={error instanceof Error ? error.message : '读取失败'} />}
      {isPending || !role ? (
        <AdminSection><Skeleton active paragraph={{ rows: 6 }} /></AdminSection>
      ) : data ? (
        <>
          <Tiles counts={data.counts} />
          <AdminSection
            title={
              <span>
                服务承诺提醒 <Badge count={riskCount} overflowCount={99} style={{ marginLeft: 6 }} />
              </span>
            }
          >
            <p className="admin-muted dashboard-promise-note">样品到达后 2 小时内客户经理电话回访；测试完成后 2 小时内短信、邮件、站内信通知出数；全额付款后 48 小时内寄回样品。以下为即将到期（30 分钟内）或已超时的订单。</p>
            <h3 className="dashboard-risk-title">收样后未回访</h3>
            <RiskList rows={data.risks.callOverdue} sinceLabel="收样时间" now={now} linkOrders={ordersVisible} />
            <h3 className="dashboard-risk-title">出数后未通知</h3>
            <RiskList rows={data.risks.noticeOverdue} sinceLabel="出数时间" now={now} linkOrders={ordersVisible} />
            <h3 className="dashboard-risk-title">待寄回样品（付款后 48 小时）</h3>
            <RiskList rows={data.risks.returnsDue} sinceLabel="计时开始" now={now} linkOrders={ordersVisible} />
          </AdminSection>
          {ordersVisible && (
            <AdminSection
              title={
                <span>
                  待结算提醒 <Badge count={data.counts.unsettledOrders} overflowCount={99} style={{ marginLeft: 6 }} />
                </span>
              }
            >
              <p className="admin-muted dashboard-promise-note">选择测试后结算的订单已交付数据仍未付款。客户可照常下载报告，请客户经理跟进结算。以下按出数时间排序，最早的在前。</p>
              <UnsettledList rows={data.unsettled} />
            </AdminSection>
          )}
        </>
      ) : null}
    </AdminPage>
  );
}
