import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Result, Skeleton } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatFen, PAY_VENDOR_NAMES, type OnlinePaymentView } from '@lab/contract';
import { usePaymentStatus } from '../api/online-pay/payment-status';
import { onlinePayKeys } from '../../../api/query-keys';
import { refreshMemberData } from '../../../api/refresh';
import { AntScope } from '../../../components/ant-scope';
import { LoadFailed } from '../../../components/member/load-failed';
import { VendorMark } from '../../../components/online-pay/vendor';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../components/online-pay/online-pay.css';
import '../../../components/member/member-pages.css';

/** Reads of an open payment before the page stops asking by itself (2 s apart: about half a minute). */
export const RESULT_READS = 15;

/** Where the member goes next: the order, the funds or the settlement the payment was for. */
function NextLinks({ payment, retry }: { payment: Pick<OnlinePaymentView, 'purpose' | 'orderNos'>; retry: boolean }) {
  const navigate = useNavigate();
  const go = (to: string) => () => void navigate(to);
  const first = payment.orderNos[0];
  if (payment.purpose === 'topup') {
    return (
      <Button type="primary" onClick={go('/member/prestore')}>
        {retry ? '返回重新充值' : '查看预存款'}
      </Button>
    );
  }
  if (payment.purpose === 'settle') {
    return (
      <>
        <Button type="primary" onClick={go('/member/unsettled')}>
          {retry ? '返回重新结算' : '返回待结算'}
        </Button>
        <Button onClick={go('/member/order')}>我的订单</Button>
      </>
    );
  }
  return (
    <>
      {first ? (
        <Button type="primary" onClick={go(`/member/order/${encodeURIComponent(first)}${retry ? '?pay=1' : ''}`)}>
          {retry ? '返回订单重新支付' : '查看订单'}
        </Button>
      ) : null}
      <Button onClick={go('/member/order')}>我的订单</Button>
    </>
  );
}

function Facts({ payment }: { payment: OnlinePaymentView }) {
  return (
    <dl className="pay-result-facts">
      <div>
        <dt>支付单号</dt>
        <dd>{payment.paymentNo}</dd>
      </div>
      <div>
        <dt>支付方式</dt>
        <dd>
          <VendorMark vendor={payment.vendor} />
        </dd>
      </div>
      <div>
        <dt>{payment.state === 'paid' ? '实付金额' : '支付金额'}</dt>
        <dd data-testid="pay-result-amount">{formatFen(payment.amountFen)}</dd>
      </div>
      {payment.balanceFen > 0 ? (
        <div>
          <dt>余额抵扣</dt>
          <dd>{formatFen(payment.balanceFen)}</dd>
        </div>
      ) : null}
      {payment.orderNos.length > 0 ? (
        <div>
          <dt>{payment.orderNos.length > 1 ? '结算订单' : '订单编号'}</dt>
          <dd>{payment.orderNos.join('、')}</dd>
        </div>
      ) : null}
      {payment.paidAt ? (
        <div>
          <dt>支付时间</dt>
          <dd>{formatDateTime(payment.paidAt)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function PayResultContent() {
  const [params] = useSearchParams();
  const paymentNo = (params.get('payment_no') ?? '').slice(0, 40);
  const status = usePaymentStatus(paymentNo, (_, reads) => reads < RESULT_READS);
  const client = useQueryClient();
  const paid = status.data?.state === 'paid';
  useDocumentTitle(paid ? '支付成功' : '支付结果');
  // what the payment paid for (the order, the balance) is read again
  useEffect(() => {
    if (paid) refreshMemberData();
  }, [paid]);

  let body;
  if (!paymentNo) {
    body = (
      <Result
        status="warning"
        title="缺少支付单号"
        subTitle="请从订单或预存款页面查看支付结果。"
        extra={<NextLinks payment={{ purpose: 'order', orderNos: [] }} retry={false} />}
      />
    );
  } else if (status.isPending) {
    body = <Skeleton active paragraph={{ rows: 5 }} />;
  } else if (status.isError) {
    body = <LoadFailed title="支付结果查询失败" error={status.error} onRetry={status.refetch} />;
  } else {
    const p = status.data;
    // still asking by itself (the query's own count of answers; it re-renders this page on each)
    const reads = client.getQueryState(onlinePayKeys.status(paymentNo))?.dataUpdateCount ?? 0;
    const polling = p.state === 'open' && reads < RESULT_READS;
    const vendorName = PAY_VENDOR_NAMES[p.vendor];
    if (p.state === 'paid') {
      body = (
        <Result
          status="success"
          title="支付成功"
          subTitle={p.purpose === 'topup' ? `${vendorName}已支付 ${formatFen(p.amountFen)}，预存款已到账。` : `${vendorName}已支付 ${formatFen(p.amountFen)}${p.balanceFen > 0 ? `，余额抵扣 ${formatFen(p.balanceFen)}` : ''}。`}
          extra={<NextLinks payment={p} retry={false} />}
        />
      );
    } else if (p.state === 'open') {
      body = (
        <Result
          status="info"
          icon={polling ? <LoadingOutlined /> : undefined}
          title="支付处理中"
          subTitle={polling ? '正在向支付平台确认支付结果，请稍候…' : '暂未收到支付平台的结果。如您已付款，请稍后刷新查看，款项不会重复扣除。'}
          extra={
            <>
              {polling ? null : (
                <Button type="primary" loading={status.isFetching} onClick={() => void status.refetch()}>
                  刷新结果
                </Button>
              )}
              <NextLinks payment={p} retry={false} />
            </>
          }
        />
      );
    } else {
      body = (
        <Result
          status="warning"
          title="未支付"
          subTitle={p.state === 'failed' ? '支付失败，款项未扣除。请重新支付或更换支付方式。' : '支付已关闭或超时，款项未扣除。如需继续，请重新发起支付。'}
          extra={<NextLinks payment={p} retry />}
        />
      );
    }
    body = (
      <>
        {body}
        {p.note ? <Alert type="warning" showIcon title={p.note} /> : null}
        <Facts payment={p} />
      </>
    );
  }

  return (
    <div className="pay-result">
      <section className="member-card pay-result-card" aria-label="支付结果">
        {body}
      </section>
    </div>
  );
}

/**
 * /pay/result?payment_no=… (PAY_RESULT_PATH): where WeChat Pay H5, Alipay and the local gateway send the browser back (and
 * a JSAPI payment goes after WeChat's sheet). It believes only the server (onlinePay.status,
 * which asks the gateway), never the address: 支付成功, 处理中 (asked again for about half a
 * minute), or 未支付, and the way back to the order or the funds.
 */
export default function PayResultPage() {
  return (
    <AntScope>
      <PayResultContent />
    </AntScope>
  );
}
