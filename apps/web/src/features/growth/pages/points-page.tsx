import { Alert, Button, Skeleton, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { usePointsOverview } from '../api/get-overview';
import { PointsSummary } from '../components/points-summary';
import { ExchangeCatalogue } from '../components/exchange-catalogue';
import { PointsHistory } from '../components/points-history';
import { ExchangeRecords } from '../components/exchange-records';
import { TransferForm } from '../components/transfer-form';
import { AwardPanel } from '../components/award-panel';
import '../../../components/member/member-pages.css';
import '../../../components/member/member-forms.css';
import '../components/points.css';

const tabs = ['history', 'exchanges', 'transfer', 'award'] as const;
type TabKey = (typeof tabs)[number];

/** 我的积分 (/member/integral): balance and totals, how to earn, the exchange catalogue, history, records, transfer and paper awards. */
export default function PointsPage() {
  const overview = usePointsOverview();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = tabs.find((t) => t === params.get('tab')) ?? 'history';
  const openTab = (key: string) => setParams(key === 'history' ? {} : { tab: key }, { replace: true });

  if (overview.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (overview.isError) {
    return <Alert type="error" showIcon title="积分信息加载失败" description={overview.error.message} action={<Button onClick={() => void overview.refetch()}>重试</Button>} />;
  }
  const { balance } = overview.data;
  return (
    <div className="member-page points-page">
      <div className="member-page-head">
        <h1 className="page-title">我的积分</h1>
      </div>
      <p className="member-page-lead">检测订单完成后积分到账，可兑换优惠券与礼品，也可转赠给其他会员。</p>
      <PointsSummary
        overview={overview.data}
        onOpenTab={(key) => {
          openTab(key);
          document.getElementById('points-tabs')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        }}
      />
      <ExchangeCatalogue balance={balance} />
      <section className="member-card" id="points-tabs" aria-label="积分记录与转赠">
        <Tabs
          activeKey={tab}
          onChange={openTab}
          destroyOnHidden
          items={[
            { key: 'history', label: '积分明细', children: <PointsHistory /> },
            { key: 'exchanges', label: '兑换记录', children: <ExchangeRecords /> },
            { key: 'transfer', label: '积分转赠', children: <TransferForm balance={balance} /> },
            { key: 'award', label: '论文致谢奖励', children: <AwardPanel /> },
          ]}
        />
      </section>
    </div>
  );
}
