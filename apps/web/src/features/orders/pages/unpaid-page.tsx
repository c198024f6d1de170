import { useState } from 'react';
import { Link } from 'react-router';
import { OrderList } from '../components/order-list';
import '../../../components/member/member-pages.css';
import '../components/orders.css';

/** 待支付: orders still to pay, each with 去支付. */
export default function UnpaidPage() {
  const [page, setPage] = useState(1);
  return (
    <div className="member-page ord-page">
      <div className="member-page-head">
        <h1 className="page-title">待支付订单</h1>
      </div>
      <p className="member-page-lead">
        可使用个人预存款或您管理的科研团体的预存款支付，并可使用一张优惠券；余额不足时请先 <Link to="/member/prestore">预存款充值</Link>。符合条件的高校用户可选择测试后结算，出数据后在{' '}
        <Link to="/member/unsettled">待结算</Link> 中统一结算。
      </p>
      <OrderList filter={{ tab: 'unpaid' }} page={page} onPage={setPage} label="待支付订单" empty="没有待支付的订单" />
    </div>
  );
}
