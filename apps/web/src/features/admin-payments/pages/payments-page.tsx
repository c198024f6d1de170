import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import OnlinePaymentsPage from './online-payments-page';
import OnlineRefundsPage from './online-refunds-page';
import ReconcilePage from './reconcile-page';

const tabs = [
  { key: 'payments', label: '在线支付' },
  { key: 'refunds', label: '退款记录' },
  { key: 'reconcile', label: '对账' },
] as const;

/**
 * /admin/finance/payments: online money in one screen of three tabs (?tab=payments | refunds |
 * reconcile) — one menu entry, so the back office's route table (in the site's first load) grows
 * by one line only. Changing tab starts that table's filters afresh.
 */
export default function PaymentsPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((t) => t.key === params.get('tab'))?.key ?? 'payments';
  return (
    <>
      <Tabs className="finance-payment-tabs" activeKey={tab} items={tabs.map((t) => ({ key: t.key, label: t.label }))} onChange={(key) => setParams({ tab: key })} />
      {tab === 'payments' ? <OnlinePaymentsPage /> : tab === 'refunds' ? <OnlineRefundsPage /> : <ReconcilePage />}
    </>
  );
}
