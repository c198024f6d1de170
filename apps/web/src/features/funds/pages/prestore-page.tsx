import { Alert, Button, Skeleton, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { formatFen } from '@lab/contract';
import { useAsset } from '../api/get-asset';
import { usePrestoreReady } from '../api/get-prestore-ready';
import { PrestoreForm } from '../components/prestore-form';
import { OnlineTopup } from '../components/online-topup';
import { PrestoreRulesCard } from '../components/prestore-rules';
import { PrestoreList } from '../components/prestore-list';
import { BalanceHistory } from '../components/balance-history';
import { TransferPanel } from '../components/transfer-panel';
import { CreditCard } from '../components/credit-card';
import '../../../components/member/member-pages.css';
import '../../../components/member/member-forms.css';
import '../components/funds.css';

const tabs = ['apply', 'list', 'history', 'transfer', 'credit'] as const;
type TabKey = (typeof tabs)[number];

/** 预存款: balances, top up online (微信支付 / 支付宝) or apply to top up (对公转账), receipts, balance history with export, transfers, credit. */
export default function PrestorePage() {
  const asset = useAsset();
  const ready = usePrestoreReady();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = tabs.find((t) => t === params.get('tab')) ?? 'apply';

  if (asset.isPending || ready.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (asset.isError || ready.isError) {
    const error = asset.error ?? ready.error;
    return (
      <Alert
        type="error"
        showIcon
        title="预存款信息加载失败"
        description={error?.message}
        action={
          <Button
            onClick={() => {
              void asset.refetch();
              void ready.refetch();
            }}
          >
            重试
          </Button>
        }
      />
    );
  }
  const { communities } = asset.data;
  return (
    <div className="member-page">
      <div className="member-page-head">
        <h1 className="page-title">预存款</h1>
      </div>
      <p className="member-page-lead">预存款可直接支付检测订单，满额预存有赠送；在线充值（微信支付、支付宝）即时到账，对公转账到账后由财务确认入账。</p>
      <section className="funds-balances" aria-label="账户余额">
        <div className="funds-balance is-main">
          <span>我的预存款余额</span>
          <strong data-testid="prestore-balance">{formatFen(asset.data.prestoreFen)}</strong>
          <small>可开票金额 {formatFen(asset.data.invoiceableFen)}</small>
        </div>
        {communities.map((c) => (
          <div className="funds-balance" key={c.rid}>
            <span>团体：{c.name}</span>
            <strong>{formatFen(c.balanceFen)}</strong>
            <small>课题组成员下单可用</small>
          </div>
        ))}
        {asset.data.creditLimitFen > 0 ? (
          <div className="funds-balance">
            <span>先测后付额度</span>
            <strong>{formatFen(asset.data.creditLimitFen)}</strong>
            <small>额度内先检测后付款</small>
          </div>
        ) : null}
      </section>
      <Tabs
        className="funds-tabs"
        activeKey={tab}
        onChange={(key) => setParams(key === 'apply' ? {} : { tab: key }, { replace: true })}
        items={[
          {
            key: 'apply',
            label: '申请预存',
            children: (
              <div className="funds-stack">
                <OnlineTopup ready={ready.data} communities={communities} />
                <PrestoreForm ready={ready.data} communities={communities} />
                <PrestoreRulesCard rules={ready.data} />
              </div>
            ),
          },
          { key: 'list', label: '预存申请', children: <PrestoreList /> },
          { key: 'history', label: '余额明细', children: <BalanceHistory communities={communities} /> },
          { key: 'transfer', label: '团体转账', children: <TransferPanel communities={communities} approvalFen={ready.data.transferApprovalFen} /> },
          { key: 'credit', label: '先测后付', children: <CreditCard /> },
        ]}
      />
    </div>
  );
}
