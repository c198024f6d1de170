import type { ReactNode } from 'react';
import { Alert, Button, Empty, Rate, Result, Skeleton } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  deliveryLabels,
  formatFen,
  RETEST_WINDOW_DAYS,
  type OrderDetail,
  type ReportFile,
} from '@lab/contract';
import { LoadFailed } from '../../../components/member/load-failed';
import { ApiError } from '../../../lib/api';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useOrder } from '../api/get-order';
import { downloadReport } from '../api/download-report';
import { OrderActions } from '../components/order-actions';
import { Delivery, LineCard, Payment } from '../components/order-detail-sections';
import { OrderTags } from '../components/order-tags';
import { OrderEvents, OrderSteps } from '../components/order-timeline';
import { ProtocolSection } from '../components/protocol-section';
import { OrderPapersSection } from '../components/order-papers-section';
import { SampleProgress } from '../components/sample-progress';
import { formatDateTime, sampleSummary } from '../components/order-format';
import '../../../components/member/member-pages.css';
import '../components/orders.css';

const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} B`;

function Reports({ order }: { order: OrderDetail }) {
  const download = useApiMutation({ mutationFn: (file: ReportFile) => downloadReport(order.orderNo, file.id, file.name) });
  return (
    <section className="member-card" aria-label="检测报告">
      <h2 className="member-card-title">检测报告</h2>
      {order.reports.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="数据交付后可在此下载检测报告与原始数据" />
      ) : (
        <ul className="member-list">
          {order.reports.map((r) => (
            <li key={r.id} className="member-item" data-testid="report-item">
              <div className="member-item-main">
                <h3>{r.name}</h3>
                <p className="member-muted">
                  {fileSize(r.size)} · 上传于 {formatDateTime(r.uploadedAt)}
                </p>
              </div>
              <div className="member-item-actions">
                <Button type="primary" ghost size="small" icon={<DownloadOutlined />} loading={download.isPending && download.variables.id === r.id} onClick={() => download.mutate(r)} aria-label={`下载 ${r.name}`}>
                  下载
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One order: status, progress timeline, lines and samples, delivery, reports, payment, agreement, evaluation; `pack`: the 报销材料 panel a view puts in (features/views/pages/member-order-page); `methods`: its 论文方法与致谢 once the data are delivered. */
export default function OrderDetailPage({ pack, methods }: { pack?: (orderNo: string) => ReactNode; methods?: (orderNo: string) => ReactNode } = {}) {
  const { orderNo = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { data: order, isPending, isError, error, refetch } = useOrder(orderNo);
  const payOpen = params.get('pay') === '1';
  const navigate = useNavigate();

  if (isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (isError) {
    if (error instanceof ApiError && error.status === 404) {
      return (
        <Result
          status="404"
          title="订单不存在"
          subTitle="请检查订单编号，或在我的订单中查看。"
          extra={
            <Button type="primary" onClick={() => void navigate('/member/order')}>
              返回我的订单
            </Button>
          }
        />
      );
    }
    return <LoadFailed title="订单加载失败" error={error} onRetry={refetch} />;
  }

  // an unpaid booking holds its hours until then: said on the page and in the pay dialog
  const holdUntil = order.kind === 'reservation' ? (order.lines.find((l) => l.reservation?.holdUntil)?.reservation?.holdUntil ?? null) : null;
  const hold = holdUntil ? (
    <Alert
      className="ord-hold"
      type="warning"
      showIcon
      data-testid="hold-deadline"
      title={`已为您保留至 ${formatDateTime(holdUntil).slice(11)}，请在此前完成支付`}
      description={`应付 ${formatFen(order.payableFen)}，保留至 ${formatDateTime(holdUntil)}；逾期未支付，时段将自动释放。`}
      style={{ marginBottom: 16 }}
    />
  ) : null;

  return (
    <div className="member-page ord-page ord-detail">
      <nav className="ord-breadcrumb" aria-label="位置">
        <Link to="/member/order">我的订单</Link> / <span>订单详情</span>
      </nav>
      <section className="member-card ord-summary" aria-label="订单概况">
        <div className="ord-summary-main">
          <h1 className="page-title">
            订单 <span data-testid="ord-no">{order.orderNo}</span>
          </h1>
          <OrderTags order={order} />
          <p className="member-muted">
            下单时间 {formatDateTime(order.createdAt)} · {order.kind === 'reservation' ? '上门预约' : deliveryLabels[order.delivery]} · {sampleSummary(order)}
          </p>
        </div>
        <div className="ord-summary-side">
          <div className="ord-summary-amount">
            <span>应付金额</span>
            <strong>{formatFen(order.payableFen)}</strong>
          </div>
          <div className="ord-summary-actions">
            <OrderActions
              order={order}
              couponRid={order.coupon?.rid}
              payOpen={payOpen}
              payNote={hold}
              onPayClose={() => {
                if (payOpen) setParams({}, { replace: true });
              }}
            />
          </div>
        </div>
      </section>

      {hold}
      {order.dispute ? (
        <Alert
          type={order.dispute.resolved ? 'success' : 'warning'}
          showIcon
          title={order.dispute.resolved ? '复测申请已处理' : '已提交复测申请，实验室核实后会与您联系'}
          description={`问题描述：${order.dispute.reason}（${formatDateTime(order.dispute.createdAt)}）`}
        />
      ) : null}
      {order.progress === 'delivered' && !order.dispute ? (
        <Alert type="info" showIcon title={`数据已交付，请下载报告核对；确认无误请点击"确认数据"，如有疑问可在 ${RETEST_WINDOW_DAYS} 天内申请复测。`} />
      ) : null}

      <section className="member-card" aria-label="订单进度">
        <h2 className="member-card-title">订单进度</h2>
        <OrderSteps order={order} />
        <h3 className="ord-subtitle">进度记录</h3>
        <OrderEvents events={order.events} />
      </section>

      <section className="member-card" aria-label="检测项目">
        <h2 className="member-card-title">检测项目</h2>
        <ul className="ord-lines">
          {order.lines.map((l) => (
            <LineCard key={l.id} line={l} />
          ))}
        </ul>
      </section>

      {order.progress !== 'cancelled' && order.lines.some((l) => l.samples.length > 0) ? <SampleProgress orderNo={order.orderNo} lines={order.lines} /> : null}
      {order.kind === 'test' ? <Delivery order={order} /> : null}
      <Reports order={order} />
      <Payment order={order} />
      {order.kind === 'test' ? <ProtocolSection orderNo={order.orderNo} /> : null}
      <OrderPapersSection order={order}>{pack?.(order.orderNo)}</OrderPapersSection>
      {order.kind === 'test' && (order.progress === 'delivered' || order.progress === 'completed') ? methods?.(order.orderNo) : null}

      {order.evaluation ? (
        <section className="member-card" aria-label="我的评价">
          <h2 className="member-card-title">我的评价</h2>
          <Rate disabled value={order.evaluation.score} />
          {order.evaluation.content ? <p className="ord-evaluation">{order.evaluation.content}</p> : null}
          <p className="member-muted">{formatDateTime(order.evaluation.createdAt)}</p>
        </section>
      ) : null}
    </div>
  );
}
