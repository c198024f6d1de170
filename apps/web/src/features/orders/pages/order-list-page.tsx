import { Tabs } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { OrderTab } from '@lab/contract';
import { OrderList } from '../components/order-list';
import { LIST_TABS, tabLabel } from '../components/order-format';
import '../../../components/member/member-pages.css';
import '../components/orders.css';

const emptyText: Record<string, string> = {
  all: '还没有订单。在实验计划中选好检测项目即可下单。',
  cancelled: '没有已取消的订单',
};

function TabPanel({ tab }: { tab: OrderTab }) {
  const [page, setPage] = useState(1);
  return (
    <OrderList
      filter={{ tab }}
      page={page}
      onPage={setPage}
      label={`${tabLabel(tab)}订单`}
      empty={
        tab === 'all' ? (
          <span>
            {emptyText.all} <Link to="/project/1/送样检测">去选检测项目</Link>
          </span>
        ) : (
          (emptyText[tab] ?? `没有${tabLabel(tab)}的订单`)
        )
      }
    />
  );
}

/** 我的订单: every order, by progress tab. */
export default function OrderListPage() {
  const [params, setParams] = useSearchParams();
  const tab = LIST_TABS.find((t) => t === params.get('tab')) ?? 'all';
  return (
    <div className="member-page ord-page">
      <div className="member-page-head">
        <h1 className="page-title">我的订单</h1>
        <nav className="ord-head-links" aria-label="订单快捷入口">
          <Link to="/member/unpaid">待支付订单</Link>
          <Link to="/member/unsettled">待结算与对账</Link>
          <Link to="/member/oquery">订单查询</Link>
        </nav>
      </div>
      <Tabs
        className="ord-tabs"
        activeKey={tab}
        onChange={(key) => setParams(key === 'all' ? {} : { tab: key }, { replace: true })}
        items={LIST_TABS.map((t) => ({ key: t, label: tabLabel(t), children: <TabPanel tab={t} /> }))}
        destroyOnHidden
      />
    </div>
  );
}
