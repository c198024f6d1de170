import { useParams } from 'react-router';
import { Alert, Button, Col, Descriptions, Empty, Grid, Result, Row, Skeleton, Space, Tag } from 'antd';
import { deliveryLabels, invoiceTypeLabels, orderKindLabels, type AdminOrderDetail } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { Money } from '../../../components/admin/money';
import { useStaffMe } from '../../../lib/admin-api';
import { formatDateTime } from '../../../lib/format';
import { useAdminOrder } from '../api/order-detail';
import { OrderActions } from '../components/order-actions';
import { PaymentTag, ProgressTag, ReturnStatusTag } from '../components/order-tags';
import { OrderTimeline } from '../components/order-timeline';
import { PromiseList } from '../components/promise-list';
import { ReportFiles } from '../components/report-files';
import { ConditionsSection } from '../components/conditions-section';
import { SampleLines } from '../components/sample-lines';
import { SampleHistory, useSampleMoves } from '../components/sample-desk';
import { mayAct } from '../order-desk';
import '../order-desk.css';

const organizationLabels: Record<number, string> = { 0: '学生', 3: '老师', 1: '个人', 2: '企业' };

function Member({ detail }: { detail: AdminOrderDetail }) {
  const { member } = detail;
  return (
    <Descriptions column={1} size="small" className="desk-descriptions">
      <Descriptions.Item label="客户">
        <span>
          {member.name || '—'}
          {member.organization !== null && <Tag className="desk-inline-tag">{organizationLabels[member.organization] ?? '会员'}</Tag>}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label="手机">{member.phone}</Descriptions.Item>
      {member.company && <Descriptions.Item label="单位">{member.company}</Descriptions.Item>}
      {member.email && <Descriptions.Item label="邮箱">{member.email}</Descriptions.Item>}
      <Descriptions.Item label="联系人">
        {detail.contact || '—'} {detail.phone}
      </Descriptions.Item>
      <Descriptions.Item label="送样方式">{deliveryLabels[detail.delivery]}</Descriptions.Item>
      {detail.pickup && (
        <Descriptions.Item label="上门取样">
          <div>
            {detail.pickup.date} {detail.pickup.time} · {detail.pickup.status}
            <div className="admin-muted">{detail.pickup.address}</div>
          </div>
        </Descriptions.Item>
      )}
      {detail.remark && <Descriptions.Item label="订单备注">{detail.remark}</Descriptions.Item>}
    </Descriptions>
  );
}

function Payment({ detail }: { detail: AdminOrderDetail }) {
  return (
    <Descriptions column={1} size="small" className="desk-descriptions">
      <Descriptions.Item label="订单金额">
        <Money fen={detail.totalFen} />
      </Descriptions.Item>
      {detail.discountFen > 0 && (
        <Descriptions.Item label="优惠">
          <span>
            <Money fen={-detail.discountFen} />
            {detail.coupon && <span className="admin-muted">（{detail.coupon.name}）</span>}
          </span>
        </Descriptions.Item>
      )}
      <Descriptions.Item label="应付">
        <Money fen={detail.payableFen} />
      </Descriptions.Item>
      <Descriptions.Item label="支付状态">
        <PaymentTag payment={detail.payment} />
        {detail.payLater && <Tag>测试后结算</Tag>}
      </Descriptions.Item>
      {detail.paidAt && (
        <Descriptions.Item label="已付">
          <div>
            <Money fen={detail.paidFen} />
            {/* each part with the channel it came by (微信支付, 支付宝, the prepaid funds), never only whose funds */}
            <ul className="desk-paid-parts" aria-label="支付明细">
              {detail.paidBy.map((part, i) => (
                <li key={part.reference || i}>
                  <span className="nowrap">
                    <Money fen={part.amountFen} />
                  </span>{' '}
                  · {part.channel}
                  {part.reference && <span className="admin-muted"> {part.reference}</span>}
                </li>
              ))}
            </ul>
            <div className="admin-muted">{formatDateTime(detail.paidAt)}</div>
          </div>
        </Descriptions.Item>
      )}
      <Descriptions.Item label="发票">{invoiceTypeLabels[detail.invoiceType] ?? '不开发票'}</Descriptions.Item>
    </Descriptions>
  );
}

function LabNotes({ detail }: { detail: AdminOrderDetail }) {
  return (
    <Descriptions column={1} size="small" className="desk-descriptions">
      <Descriptions.Item label="样品签收">{detail.receivedAt ? formatDateTime(detail.receivedAt) : <span className="admin-muted">未签收</span>}</Descriptions.Item>
      <Descriptions.Item label="回访">
        {detail.managerCall ? (
          <div data-testid="manager-call">
            {formatDateTime(detail.managerCall.at)} · {detail.managerCall.by}
            <div className="desk-call-note">{detail.managerCall.note}</div>
          </div>
        ) : (
          <span className="admin-muted">未记录</span>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="数据交付">{detail.deliveredAt ? formatDateTime(detail.deliveredAt) : <span className="admin-muted">未交付</span>}</Descriptions.Item>
      <Descriptions.Item label="数据通知">
        {detail.dataNotifiedAt ? formatDateTime(detail.dataNotifiedAt) : detail.deliveredAt ? <span className="desk-overdue">尚未发出</span> : <span className="admin-muted">交付后发送</span>}
      </Descriptions.Item>
      {detail.completedAt && <Descriptions.Item label="完成">{formatDateTime(detail.completedAt)}</Descriptions.Item>}
    </Descriptions>
  );
}

/** /admin/orders/:orderNo: everything the desk needs about one order, and the steps its state allows. */
export default function OrderDetailPage() {
  const { orderNo = '' } = useParams();
  const { data: detail, isPending, error, refetch } = useAdminOrder(orderNo);
  const me = useStaffMe();
  const role = me.data?.role;
  // on a phone the promises come first: they are what the desk acts on
  const narrow = Grid.useBreakpoint().lg === false;
  const samples = useSampleMoves();
  const parents = [{ title: '订单管理', to: '/admin/orders' }];

  if (isPending) {
    return (
      <AdminPage title={`订单 ${orderNo}`} parents={parents}>
        <AdminSection>
          <Skeleton active paragraph={{ rows: 8 }} />
        </AdminSection>
      </AdminPage>
    );
  }
  if (error || !detail) {
    return (
      <AdminPage title={`订单 ${orderNo}`} parents={parents}>
        <AdminSection>
          <Result status="warning" title="订单加载失败" subTitle={error?.message ?? '订单不存在'} extra={<Button onClick={() => void refetch()}>重试</Button>} />
        </AdminSection>
      </AdminPage>
    );
  }

  return (
    <AdminPage
      title={`订单 ${detail.orderNo}`}
      parents={parents}
      description={
        <Space size={6} wrap>
          <ProgressTag progress={detail.progress} />
          <PaymentTag payment={detail.payment} />
          <Tag>{orderKindLabels[detail.kind]}</Tag>
          <span>下单 {formatDateTime(detail.createdAt)}</span>
        </Space>
      }
      extra={<OrderActions detail={detail} role={role} />}
    >
      {detail.progress === 'cancelled' && <Alert type="warning" showIcon title={`订单已取消${detail.cancelReason ? `：${detail.cancelReason}` : ''}`} description={detail.cancelledAt ? formatDateTime(detail.cancelledAt) : undefined} />}
      {detail.blocked.test && <Alert type="warning" showIcon title="暂不能开始测试" description={detail.blocked.test} data-testid="desk-test-blocked" />}
      {detail.dispute && !detail.dispute.resolved && (
        <Alert type="error" showIcon title="客户申请复测" description={`${detail.dispute.reason}（${formatDateTime(detail.dispute.createdAt)}）——可安排复测，或与客户沟通后完成订单。`} />
      )}
      {narrow && (
        <AdminSection title="服务承诺">
          <PromiseList promises={detail.promises} />
        </AdminSection>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16} className="desk-column">
          <AdminSection title="测试项目与样品">
            <SampleLines lines={detail.lines} onMove={mayAct(role, 'receive') ? samples.onMove : undefined} busy={samples.busy} />
          </AdminSection>
          {detail.lines.some((line) => line.samples.length > 0) && (
            <AdminSection title="样品流转记录">
              <SampleHistory detail={detail} />
            </AdminSection>
          )}
          <AdminSection title="报告文件">
            <ReportFiles orderNo={detail.orderNo} reports={detail.reports} canUpload={detail.staffActions.upload && mayAct(role, 'upload')} canDelete={detail.progress === 'testing' && mayAct(role, 'upload')} />
          </AdminSection>
          <AdminSection title="测试条件（论文方法）">
            <ConditionsSection detail={detail} canConfirm={mayAct(role, 'upload')} />
          </AdminSection>
          <AdminSection title="进度记录">
            <OrderTimeline events={detail.events} />
          </AdminSection>
        </Col>
        <Col xs={24} lg={8} className="desk-column">
          {!narrow && (
            <AdminSection title="服务承诺">
              <PromiseList promises={detail.promises} />
            </AdminSection>
          )}
          <AdminSection title="客户与送样">
            <Member detail={detail} />
          </AdminSection>
          <AdminSection title="实验室记录">
            <LabNotes detail={detail} />
          </AdminSection>
          <AdminSection title="费用与支付">
            <Payment detail={detail} />
          </AdminSection>
          <AdminSection title="样品回寄">
            {detail.returns.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="客户未申请回寄样品" />
            ) : (
              <ul className="desk-returns">
                {detail.returns.map((request) => (
                  <li key={request.rid}>
                    <div>
                      <ReturnStatusTag status={request.status} /> {request.samples}
                    </div>
                    <div className="admin-muted">
                      {request.name} {request.phone} · {request.province}
                      {request.city}
                      {request.area}
                      {request.address}
                    </div>
                    {request.trackingNo && <div>快递：{request.trackingNo}</div>}
                  </li>
                ))}
              </ul>
            )}
          </AdminSection>
          {detail.evaluation && (
            <AdminSection title="客户评价">
              <div>{'★'.repeat(detail.evaluation.score)}{'☆'.repeat(5 - detail.evaluation.score)}</div>
              <p className="desk-evaluation">{detail.evaluation.content || '（未填写评价内容）'}</p>
            </AdminSection>
          )}
        </Col>
      </Row>
    </AdminPage>
  );
}
