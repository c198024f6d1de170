import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Empty, Input, Result, Skeleton, Space, type InputRef } from 'antd';
import { PrinterOutlined, ScanOutlined } from '@ant-design/icons';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { useStaffMe } from '../../../lib/admin-api';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { useAdminOrder } from '../api/order-detail';
import { moveOrder, useOrderChange } from '../api/order-steps';
import { PaymentTag, ProgressTag } from '../components/order-tags';
import { SampleLines } from '../components/sample-lines';
import { useSampleMoves } from '../components/sample-desk';
import { mayAct } from '../order-desk';
import '../order-desk.css';

const labelsPath = (orderNo: string) => `/admin/orders/${orderNo}/labels`;

/**
 * /admin/receive (收样登记): the lab's desk. A scanner types the order number or a sample's
 * code and presses Enter; the order and its samples show; 确认收样 receives it (the member is
 * told at once) and offers the labels to print. Orders received here are listed below.
 */
export default function ReceivePage() {
  const input = useRef<InputRef>(null);
  const [text, setText] = useState('');
  const [scanned, setScanned] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [received, setReceived] = useState<{ orderNo: string; title: string; at: string }[]>([]);
  const { data: order, isFetching, error } = useAdminOrder(scanned);
  const me = useStaffMe();
  const receive = useOrderChange(({ code, text: remark, confirmFirst }: { code: string; text: string; confirmFirst: boolean }) => moveOrder('receive', code, remark, confirmFirst));
  const samples = useSampleMoves();
  const justReceived = order ? received.find((r) => r.orderNo === order.orderNo) : undefined;

  const next = () => {
    setText('');
    setNote('');
    setScanned(null);
    input.current?.focus();
  };

  const confirm = (confirmFirst = false) => {
    if (!order || !scanned) return;
    // the scanned text itself: the audit log keeps what was scanned at the desk
    receive.mutate(
      { code: scanned, text: note.trim(), confirmFirst },
      {
        onSuccess: (done) => {
          setReceived((list) => [{ orderNo: done.orderNo, title: done.title, at: new Date().toISOString() }, ...list]);
          feedback.success('已确认收样，已通知客户');
        },
      },
    );
  };

  return (
    <AdminPage title="收样登记" description="扫描样品标签或订单上的二维码（或手动输入订单号、样品编号）后按回车，核对样品后确认收样；客户会立即收到签收通知。">
      <AdminSection>
        <div className="desk-scan">
          <Input
            ref={input}
            autoFocus
            size="large"
            className="desk-scan-input"
            prefix={<ScanOutlined />}
            placeholder="订单号或样品编号，如 KY2026030212345678 或 KY2026030212345678-1-2"
            aria-label="订单号或样品编号"
            value={text}
            maxLength={32}
            onChange={(event) => setText(event.target.value)}
            onPressEnter={() => setScanned(text.trim() ? text.trim() : null)}
            allowClear
          />
          <Button size="large" type="primary" onClick={() => setScanned(text.trim() ? text.trim() : null)} disabled={!text.trim()}>
            查找
          </Button>
        </div>
      </AdminSection>

      {scanned && (
        <AdminSection>
          {isFetching && !order ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : error || !order ? (
            <Result status="warning" title={error?.message ?? '订单不存在'} subTitle={`没有找到「${scanned}」对应的订单，请核对订单号或样品编号`} extra={<Button onClick={next}>重新扫描</Button>} />
          ) : (
            <div data-testid="receive-order">
              <div className="desk-receive-head">
                <div>
                  <h2>
                    <Link to={`/admin/orders/${order.orderNo}`}>{order.orderNo}</Link>
                  </h2>
                  <Space size={6} wrap>
                    <ProgressTag progress={order.progress} />
                    <PaymentTag payment={order.payment} />
                    <span>
                      {order.member.name} {order.member.phone}
                    </span>
                    {order.member.company && <span className="admin-muted">{order.member.company}</span>}
                  </Space>
                  <div className="admin-muted">下单 {formatDateTime(order.createdAt)} · 共 {order.sampleCount} 个样品</div>
                </div>
                <div className="desk-receive-actions">
                  <Button icon={<PrinterOutlined />} href={labelsPath(order.orderNo)} target="_blank">
                    打印标签
                  </Button>
                  <Button onClick={next}>继续扫描</Button>
                </div>
              </div>

              {justReceived ? (
                <Alert
                  className="desk-dialog-alert"
                  type="success"
                  showIcon
                  title="已确认收样"
                  description="客户已收到签收通知；请贴好样品标签，客户经理需在2小时内回访。"
                  action={
                    <Button type="primary" icon={<PrinterOutlined />} href={labelsPath(order.orderNo)} target="_blank">
                      打印样品标签
                    </Button>
                  }
                />
              ) : order.progress === 'awaiting_sample' || order.progress === 'submitted' ? (
                mayAct(me.data?.role, 'receive') ? (
                  <div className="desk-receive-confirm">
                    <Input.TextArea
                      rows={2}
                      maxLength={500}
                      value={note}
                      onChange={(event) => setNote(event.target.value)}
                      placeholder="收样备注（选填），如：样品完好，共 4 个"
                      aria-label="收样备注"
                    />
                    {order.progress === 'submitted' ? (
                      <Button type="primary" size="large" className="desk-receive-button" loading={receive.isPending} onClick={() => confirm(true)}>
                        确认并收样
                      </Button>
                    ) : (
                      <Button type="primary" size="large" className="desk-receive-button" loading={receive.isPending} onClick={() => confirm()}>
                        确认收样
                      </Button>
                    )}
                  </div>
                ) : (
                  <Alert className="desk-dialog-alert" type="info" showIcon title="确认收样由实验员操作" />
                )
              ) : (
                <Alert
                  className="desk-dialog-alert"
                  type="warning"
                  showIcon
                  title={`订单当前为「${order.progressText}」，无需整单收样；可在下方逐个样品流转`}
                  action={<Link to={`/admin/orders/${order.orderNo}`}>查看订单</Link>}
                />
              )}
              {order.progress === 'submitted' && !justReceived && (
                <Alert className="desk-dialog-alert" type="info" showIcon title="订单尚未确认：样品已到时可「确认并收样」，一步完成确认与签收，客户只收到签收通知" />
              )}
              {(order.progress === 'awaiting_sample' || order.progress === 'submitted') && order.payment === 'unpaid' && !order.payLater && (
                <Alert className="desk-dialog-alert" type="info" showIcon title="该订单尚未支付：可以先收样，客户付款（或选择测试后结算）后才能开始测试" />
              )}
              {order.lines.some((line) => line.samples.length > 0) ? <SampleLines lines={order.lines} highlight={scanned.toUpperCase()} onMove={mayAct(me.data?.role, 'receive') ? samples.onMove : undefined} busy={samples.busy} /> : <Empty description="该订单为仪器预约，没有需要收取的样品" />}
            </div>
          )}
        </AdminSection>
      )}

      <AdminSection title="本次已收样">
        {received.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="确认收样的订单会列在这里，方便补打标签" />
        ) : (
          <ul className="desk-session">
            {received.map((item) => (
              <li key={item.orderNo} data-testid="received-item">
                <span>
                  <Link to={`/admin/orders/${item.orderNo}`}>{item.orderNo}</Link> <span className="admin-muted">{item.title}</span>
                </span>
                <span>
                  {formatDateTime(item.at)}{' '}
                  <Button type="link" size="small" icon={<PrinterOutlined />} href={labelsPath(item.orderNo)} target="_blank">
                    标签
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </AdminSection>
    </AdminPage>
  );
}
