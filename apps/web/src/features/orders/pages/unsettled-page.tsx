import { Button, Empty, Skeleton, Table, type TableColumnsType } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatFen, PAY_VENDOR_NAMES, type OrderSummary, type SettlementList } from '@lab/contract';
import { useOnlinePay } from '../../../components/online-pay/use-online-pay';
import { LoadFailed } from '../../../components/member/load-failed';
import { ApiError } from '../../../lib/api';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { useSettlementList } from '../api/settlement-list';
import { settleOrders } from '../api/settle-orders';
import { BalanceChoice, PaymentRefusal, sourceKey } from '../components/balance-choice';
import { OrderTags } from '../components/order-tags';
import { isOnline, PayMethodChoice, type PayMethod } from '../components/pay-method';
import { formatDateTime } from '../components/order-format';
import { StatementPanel } from '../components/statement-panel';
import '../../../components/member/member-pages.css';
import '../components/orders.css';


const columns: TableColumnsType<OrderSummary> = [
  { title: '订单编号', dataIndex: 'orderNo', className: 'ord-cell-no', width: 200, render: (no: string) => <Link to={`/member/order/${encodeURIComponent(no)}`}>{no}</Link> },
  { title: '下单时间', dataIndex: 'createdAt', className: 'ord-cell-time', width: 150, render: (v: string) => formatDateTime(v), responsive: ['md'] },
  { title: '检测项目', dataIndex: 'title', responsive: ['sm'] },
  { title: '状态', key: 'status', width: 150, render: (_, o) => <OrderTags order={o} />, responsive: ['lg'] },
  { title: '应付金额', dataIndex: 'payableFen', align: 'right', className: 'ord-cell-money', render: (v: number) => formatFen(v) },
];

function Settlement({ data }: { data: SettlementList }) {
  const [selected, setSelected] = useState<string[]>(() => data.orders.map((o) => o.orderNo));
  const [source, setSource] = useState(() => (data.balances[0] ? sourceKey(data.balances[0]) : 'member'));
  const [method, setMethod] = useState<PayMethod>('balance');
  const [error, setError] = useState<{ text: string; lowBalance: boolean } | null>(null);
  const chosenFen = useMemo(() => data.orders.filter((o) => selected.includes(o.orderNo)).reduce((sum, o) => sum + o.payableFen, 0), [data.orders, selected]);
  const balance = data.balances.find((b) => sourceKey(b) === source);
  const usedPct = data.limitFen > 0 ? Math.min(100, Math.round((data.dueFen / data.limitFen) * 100)) : 0;

  // the server's refusal (余额不足) shows next to the choices, not as a dialog
  const refused = (e: unknown) => e instanceof ApiError && e.status > 0;
  const settlement = useApiMutation({
    mutationFn: ({ orderNos, communityRid }: { orderNos: string[]; communityRid: string | null }) => settleOrders(orderNos, communityRid),
    invalidates: memberDataKeys,
    handlesError: refused,
    onMutate: () => setError(null),
    onSuccess: () => feedback.success('结算成功'),
    onError: (e) => {
      if (refused(e)) setError({ text: e.message, lowBalance: /余额不足/.test(e.message) });
    },
  });
  const online = isOnline(method);
  // settled online, the whole amount is paid online (the server takes no balance part for a settlement)
  const onlinePay = useOnlinePay({
    invalidates: memberDataKeys,
    handlesError: refused,
    onError: (e) => {
      if (refused(e)) setError({ text: e.message, lowBalance: false });
    },
  });
  const settle = () => {
    if (selected.length === 0) return setError({ text: '请选择要结算的订单', lowBalance: false });
    if (online) {
      setError(null);
      return onlinePay.start({ purpose: 'settle', vendor: method, order_nos: selected.join(',') });
    }
    settlement.mutate({ orderNos: selected, communityRid: source === 'member' ? null : source });
  };

  return (
    <section className="member-card" aria-label="待结算订单">
      <dl className="ord-figures">
        <div className="is-main">
          <dt>待结算金额</dt>
          <dd data-testid="settlement-due">{formatFen(data.dueFen)}</dd>
        </div>
        <div>
          <dt>先测后付额度</dt>
          <dd>{formatFen(data.limitFen)}</dd>
          {data.limitFen > 0 ? <small>已使用 {usedPct}%</small> : null}
        </div>
        <div>
          <dt>本次结算</dt>
          <dd data-testid="settlement-chosen">{formatFen(chosenFen)}</dd>
          <small>已选 {selected.length} 个订单</small>
        </div>
      </dl>
      {data.orders.length === 0 ? (
        <Empty className="member-empty" description="没有待结算的订单。选择测试后结算的订单出数据后会在这里汇总。" />
      ) : (
        <>
          <div className="member-table-wrap">
            <Table<OrderSummary>
              className="ord-table"
              rowKey="orderNo"
              size="middle"
              columns={columns}
              dataSource={data.orders}
              pagination={false}
              rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), getCheckboxProps: (o) => ({ 'aria-label': `选择订单 ${o.orderNo}` }) }}
            />
          </div>
          <PayMethodChoice
            value={method}
            onChange={(m) => {
              setMethod(m);
              setError(null);
            }}
            balanceLabel="预存款结算"
          />
          {!online ? <BalanceChoice legend="结算账户" balances={data.balances} value={source} onChange={setSource} shortFen={balance ? chosenFen - balance.balanceFen : 0} row /> : null}
          <PaymentRefusal refusal={error} then="到账后再结算。" />
          <div className="ord-settle-bar">
            <span>
              合计 <strong>{formatFen(chosenFen)}</strong>
            </span>
            {online ? (
              <Button type="primary" loading={onlinePay.isPending} disabled={selected.length === 0 || chosenFen <= 0 || settlement.isPending} onClick={settle}>
                {PAY_VENDOR_NAMES[method]}结算 {formatFen(chosenFen)}
              </Button>
            ) : (
              <Button type="primary" loading={settlement.isPending} disabled={selected.length === 0 || onlinePay.isPending} onClick={settle}>
                结算
              </Button>
            )}
          </div>
          {onlinePay.dialog}
        </>
      )}
    </section>
  );
}

/** 待结算: orders tested before payment, settled together from funds or online (微信支付 / 支付宝); the statement of account. */
export default function UnsettledPage({ pack }: { pack?: (period: { from: string; to: string }) => ReactNode } = {}) {
  const { data, isPending, isError, error, refetch, dataUpdatedAt } = useSettlementList();
  return (
    <div className="member-page ord-page">
      <div className="member-page-head">
        <h1 className="page-title">待结算</h1>
      </div>
      <p className="member-page-lead">测试后结算的订单出数据后在此统一结算；样品在全额付款后 48 小时内寄回。</p>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : isError ? (
        <LoadFailed title="待结算订单加载失败" error={error} onRetry={refetch} />
      ) : (
        <Settlement key={dataUpdatedAt} data={data} />
      )}
      <StatementPanel pack={pack} />
    </div>
  );
}
