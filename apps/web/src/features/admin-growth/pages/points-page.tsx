import { useSearchParams } from 'react-router';
import { Tabs } from 'antd';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { ExchangeItemsTab } from '../components/exchange-items-tab';
import { ExchangesTab } from '../components/exchanges-tab';
import { PointsApplicationsTab } from '../components/points-applications-tab';
import '../../../components/admin/customers.css';

const tabs = ['awards', 'items', 'exchanges'] as const;
type Tab = (typeof tabs)[number];

/** /admin/points: 论文致谢奖励 reviews, the exchange catalogue, and gifts to ship. */
export default function PointsPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = (tabs as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'awards';
  return (
    <AdminPage title="积分与兑换" description="审核论文致谢奖励、维护积分兑换商品，并为会员兑换的礼品发货。">
      <AdminSection>
        <Tabs
          className="customers-tabs"
          activeKey={tab}
          destroyOnHidden
          // each tab keeps its own table state in the URL; switching starts the tab fresh
          onChange={(key) => setParams(key === 'awards' ? {} : { tab: key }, { replace: true })}
          items={[
            { key: 'awards', label: '论文致谢奖励', children: <PointsApplicationsTab /> },
            { key: 'items', label: '兑换商品', children: <ExchangeItemsTab /> },
            { key: 'exchanges', label: '兑换记录', children: <ExchangesTab /> },
          ]}
        />
      </AdminSection>
    </AdminPage>
  );
}
