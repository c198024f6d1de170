import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { deliveryLabels, formatFen, type OrderSummary } from '@lab/contract';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { orderQueryOptions } from '../api/get-order';
import { downloadReport } from '../api/download-report';
import { OrderActions } from './order-actions';
import { OrderTags } from './order-tags';
import { formatDateTime, nextStep, sampleSummary } from './order-format';

/** The progress at which an order's reports are out: from 已出数据 on. */
const reportsOut = new Set<OrderSummary['progress']>(['delivered', 'completed']);

/**
 * 下载报告 in a list: the list's summary has no report files, so the order's detail is asked
 * for (the one its page uses) and each report of it is downloaded.
 */
function DownloadReports({ orderNo }: { orderNo: string }) {
  const client = useQueryClient();
  const download = useApiMutation({
    mutationFn: async () => {
      const order = await client.fetchQuery(orderQueryOptions(orderNo));
      if (order.reports.length === 0) throw new Error('该订单的报告尚未上传');
      for (const file of order.reports) await downloadReport(orderNo, file.id, file.name);
    },
  });
  return (
    <Button type="primary" ghost size="small" icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate()}>
      下载报告
    </Button>
  );
}

/** One order in a list: number, date, what was ordered, samples, amount, tags and what can be done now. */
export function OrderCard({ order }: { order: OrderSummary }) {
  const detail = `/member/order/${encodeURIComponent(order.orderNo)}`;
  return (
    <li className="ord-card" data-testid="ord-card" aria-label={`订单 ${order.orderNo}`}>
      <div className="ord-card-head">
        <span className="ord-card-no">
          订单编号 <Link to={detail}>{order.orderNo}</Link>
        </span>
        <span className="member-muted nowrap">{formatDateTime(order.createdAt)}</span>
        <OrderTags order={order} />
      </div>
      <div className="ord-card-body">
        <div className="ord-card-main">
          <h3 className="ord-card-title">
            <Link to={detail}>{order.title}</Link>
          </h3>
          <p className="member-muted">
            {order.kind === 'reservation' ? '上门预约 · ' : `${deliveryLabels[order.delivery]} · `}
            {sampleSummary(order)}
          </p>
          <p className="ord-card-next" data-testid="ord-next">
            下一步：{nextStep(order).text}
          </p>
        </div>
        <div className="ord-card-amount">
          <strong>{formatFen(order.payableFen)}</strong>
          {order.discountFen > 0 ? <small>已优惠 {formatFen(order.discountFen)}</small> : null}
        </div>
        <div className="ord-card-actions">
          {reportsOut.has(order.progress) ? <DownloadReports orderNo={order.orderNo} /> : null}
          <OrderActions order={order} showDetail size="small" />
        </div>
      </div>
    </li>
  );
}
