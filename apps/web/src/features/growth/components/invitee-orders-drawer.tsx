import { Alert, Drawer, Empty, Pagination, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { formatFen, rebateStatusLabels, type Invitee } from '@lab/contract';
import { formatDateTime } from '../../../lib/format';
import { useInviteeOrders } from '../api/list-invitee-orders';
import { rebateStatusColor } from './invite-format';

/** One invitee's paid orders (numbers masked) with the rebate each earned me and its status. */
function InviteeOrders({ invitee }: { invitee: Invitee }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useInviteeOrders(invitee.id, page);

  if (isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (isError) return <Alert type="error" showIcon title="订单加载失败" description={error.message} />;
  if (data.list.length === 0) return <Empty className="member-empty" description="该好友还没有已付款的订单" />;
  return (
    <>
      <ul className="member-list invite-orders" aria-label="好友订单">
        {data.list.map((order) => (
          <li key={order.orderNo + order.paidAt} className="invite-order" data-testid="invitee-order">
            <div className="invite-order-head">
              <strong className="invite-order-no">{order.orderNo}</strong>
              {order.rebateStatus ? (
                <Tag color={rebateStatusColor[order.rebateStatus]} data-testid="rebate-status">
                  {rebateStatusLabels[order.rebateStatus]}
                </Tag>
              ) : (
                <Tag>无返利</Tag>
              )}
            </div>
            <p className="invite-order-title">{order.title}</p>
            <dl className="invite-order-figures">
              <div>
                <dt>实付金额</dt>
                <dd>{formatFen(order.paidFen)}</dd>
              </div>
              <div>
                <dt>我的返利</dt>
                <dd className="invite-rebate">{order.rebateStatus ? formatFen(order.rebateFen) : '–'}</dd>
              </div>
              <div>
                <dt>付款时间</dt>
                <dd>{formatDateTime(order.paidAt)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {data.total > data.pageSize ? <Pagination className="invite-pages" simple align="center" current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} /> : null}
    </>
  );
}

/** The drawer of an invitee's orders; closed when `invitee` is null. */
export function InviteeOrdersDrawer({ invitee, onClose }: { invitee: Invitee | null; onClose: () => void }) {
  return (
    <Drawer
      open={invitee !== null}
      onClose={onClose}
      title={invitee ? `${invitee.nickname || invitee.phone} 的订单` : '好友订单'}
      size={520}
      rootClassName="invite-drawer"
      destroyOnHidden
    >
      {invitee ? (
        <>
          <p className="member-muted invite-drawer-lead">
            {invitee.phone} · 已付款订单 {invitee.paidOrderCount} 笔。返利在订单付款后冻结，订单完成后转为可提现，退款的订单返利退回。
          </p>
          <InviteeOrders key={invitee.id} invitee={invitee} />
        </>
      ) : null}
    </Drawer>
  );
}
