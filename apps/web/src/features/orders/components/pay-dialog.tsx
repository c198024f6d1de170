import { Button, Input, Modal, Radio, Skeleton, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { NO_COUPON, PAY_VENDOR_NAMES, formatFen, type ReadyToPay } from '@lab/contract';
import { PAY_VENDORS } from '../../../components/online-pay/vendor';
import { useOnlinePay, type OnlinePayRequest } from '../../../components/online-pay/use-online-pay';
import { LoadFailed } from '../../../components/member/load-failed';
import { ApiError } from '../../../lib/api';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { useReadyToPay } from '../api/ready-to-pay';
import { payOrder, type PayRequest } from '../api/pay-order';
import { payLater } from '../api/pay-later';
import { BalanceChoice, PaymentRefusal, sourceKey } from './balance-choice';
import { ClaimCoupons } from './claim-coupons';
import { isOnline, onlineSplit, PayMethodChoice, type PayMethod } from './pay-method';


/**
 * What the member pays with the chosen coupon: the order's total less the coupon's discount
 * for this order (the server computes both; no price is sent back).
 */
export function amountToPay(ready: ReadyToPay, couponRid: string): number {
  const coupon = ready.coupons.find((c) => c.rid === couponRid && c.usable);
  if (coupon) return Math.max(0, ready.order.totalFen - coupon.discountFen);
  return ready.order.payableFen;
}

/** A grant card as a source to pay from: 'card:<rid>'. */
export const CARD_PREFIX = 'card:';

/**
 * The pay call's body for the choices: no community_rid for my own funds; without a coupon
 * NO_COUPON, so the server does not fall back to the coupon chosen when ordering.
 */
export function payBodyOf(orderNo: string, source: string, couponRid: string, projectNo = ''): PayRequest {
  const project = projectNo.trim() ? { project_no: projectNo.trim() } : {};
  // a grant card: the community's funds within my allowance, no coupon
  if (source.startsWith(CARD_PREFIX)) return { order_no: orderNo, card_rid: source.slice(CARD_PREFIX.length), ...project };
  return { order_no: orderNo, ...(source && source !== 'member' ? { community_rid: source } : {}), coupon_rid: couponRid || NO_COUPON, ...project };
}


/**
 * The online payment's request for the choices: 余额抵扣 names the balance (none: my own), the
 * coupon as for the balance payment; the server fixes the amounts.
 */
export function onlineBodyOf(orderNo: string, vendor: 'wechat' | 'alipay', source: string, couponRid: string, useBalance: boolean): OnlinePayRequest {
  return {
    purpose: 'order',
    vendor,
    order_no: orderNo,
    coupon_rid: couponRid || NO_COUPON,
    use_balance: useBalance,
    ...(useBalance && source && source !== 'member' ? { community_rid: source } : {}),
  };
}

/**
 * The choice the dialog opens on: a balance that covers the amount (my own first, then a
 * community's), else a grant card I may use, else 微信支付 for the whole amount — never a balance
 * that cannot pay.
 */
export function defaultPayChoice(ready: ReadyToPay, toPayFen: number): { method: PayMethod; source: string } {
  const covering = ready.balances.find((b) => b.kind === 'member' && b.balanceFen >= toPayFen) ?? ready.balances.find((b) => b.balanceFen >= toPayFen);
  if (covering) return { method: 'balance', source: sourceKey(covering) };
  // a member of a group with a grant card pays with the card (within the allowance, or the PI approves)
  const card = ready.cards[0];
  if (card) return { method: 'balance', source: `${CARD_PREFIX}${card.rid}` };
  const richest = [...ready.balances].sort((a, b) => b.balanceFen - a.balanceFen)[0];
  return { method: PAY_VENDORS[0] ?? 'wechat', source: richest ? sourceKey(richest) : 'member' };
}

interface PayFormProps {
  ready: ReadyToPay;
  /** the coupon chosen when ordering: preselected while it is still usable */
  preferredCouponRid?: string | undefined;
  onDone: () => void;
  /** a coupon claimed in the dialog (可领 N 张): the one to choose when the dialog's data comes again */
  onClaimed: (couponRid: string) => void;
}

function PayForm({ ready, preferredCouponRid, onDone, onClaimed }: PayFormProps) {
  const orderNo = ready.order.orderNo;
  const firstUsable = ready.coupons.find((c) => c.usable && c.rid === preferredCouponRid) ?? ready.coupons.find((c) => c.usable);
  const [initial] = useState(() => defaultPayChoice(ready, amountToPay(ready, firstUsable?.rid ?? '')));
  const [source, setSource] = useState(initial.source);
  const [couponRid, setCouponRid] = useState(firstUsable?.rid ?? '');
  const [method, setMethod] = useState<PayMethod>(initial.method);
  const [useBalance, setUseBalance] = useState(false);
  const [error, setError] = useState<{ text: string; lowBalance: boolean } | null>(null);

  const [projectNo, setProjectNo] = useState('');
  const card = ready.cards.find((c) => `${CARD_PREFIX}${c.rid}` === source);
  // a grant card pays the whole order (no coupon); the PI approves what is above my limits
  const toPay = card ? ready.order.totalFen : amountToPay(ready, couponRid);
  const balance = ready.balances.find((b) => sourceKey(b) === source);
  const short = card ? 0 : balance ? toPay - balance.balanceFen : toPay;
  const needsApproval = card ? toPay > card.autoLimitFen || toPay > card.leftFen : false;
  const coupon = ready.coupons.find((c) => c.rid === couponRid);
  const online = isOnline(method);
  const split = onlineSplit(toPay, balance?.balanceFen ?? 0, online && useBalance);

  // the server's refusal (余额不足, a coupon gone) shows in the dialog, next to the choices it is about
  const refused = (e: unknown) => e instanceof ApiError && e.status > 0;
  const pay = useApiMutation({
    mutationFn: payOrder,
    invalidates: memberDataKeys,
    handlesError: refused,
    onMutate: () => setError(null),
    onSuccess: (order) => {
      feedback.success(order.payment === 'approval' ? '已提交导师审批，导师批准后自动支付' : '支付成功');
      onDone();
    },
    onError: (e) => {
      if (refused(e)) setError({ text: e.message, lowBalance: (e as ApiError).status === 409 && /余额不足/.test(e.message) });
    },
  });
  const later = useApiMutation({
    mutationFn: payLater,
    invalidates: memberDataKeys,
    handlesError: refused,
    onMutate: () => setError(null),
    onSuccess: () => {
      feedback.success('已选择测试后结算');
      onDone();
    },
    onError: (e) => {
      if (refused(e)) setError({ text: e.message, lowBalance: false });
    },
  });

  const onlinePay = useOnlinePay({
    invalidates: memberDataKeys,
    handlesError: refused,
    onError: (e) => {
      if (refused(e)) setError({ text: e.message, lowBalance: false });
    },
    onPaid: onDone,
  });
  const busy = pay.isPending || later.isPending || onlinePay.isPending;

  let submit;
  if (online) {
    const vendor = method;
    submit = (
      <Button
        type="primary"
        onClick={() => {
          setError(null);
          onlinePay.start(onlineBodyOf(orderNo, vendor, source, couponRid, useBalance));
        }}
        loading={onlinePay.isPending}
        disabled={busy || split.onlineFen <= 0}
      >
        {PAY_VENDOR_NAMES[vendor]} {formatFen(split.onlineFen)}
      </Button>
    );
  } else {
    submit = (
      <Button type="primary" onClick={() => pay.mutate(payBodyOf(orderNo, source, couponRid, projectNo))} loading={pay.isPending} disabled={busy || short > 0}>
        {needsApproval ? `提交导师审批 ${formatFen(toPay)}` : `确认支付 ${formatFen(toPay)}`}
      </Button>
    );
  }

  return (
    <div className="pay-form">
      <dl className="pay-summary">
        <div>
          <dt>订单编号</dt>
          <dd>{orderNo}</dd>
        </div>
        <div>
          <dt>检测项目</dt>
          <dd>{ready.order.title}</dd>
        </div>
        <div>
          <dt>订单金额</dt>
          <dd>{formatFen(ready.order.totalFen)}</dd>
        </div>
      </dl>

      <PayMethodChoice
        value={method}
        onChange={(m) => {
          setMethod(m);
          setError(null);
        }}
        balanceLabel="预存款支付"
        useBalance={useBalance}
        onUseBalanceChange={setUseBalance}
        canUseBalance={ready.balances.some((b) => b.balanceFen > 0)}
      />

      {!online ? <BalanceChoice legend="支付账户" balances={ready.balances} value={source} onChange={setSource} shortFen={short} data-testid="pay-short" /> : null}
      {!online && ready.cards.length > 0 ? (
        <fieldset className="pay-fieldset">
          <legend>经费卡（团体经费）</legend>
          <Radio.Group className="pay-options" value={source} onChange={(e) => setSource(e.target.value as string)} aria-label="经费卡">
            {ready.cards.map((c) => (
              <Radio key={c.rid} value={`${CARD_PREFIX}${c.rid}`} className="pay-option">
                <span className="pay-option-name">
                  {c.name}（{c.communityName}）
                </span>
                <span className="pay-option-meta">
                  剩余额度 {formatFen(c.leftFen)} · 单笔 {formatFen(c.autoLimitFen)} 内自动批准
                </span>
              </Radio>
            ))}
          </Radio.Group>
          {card && needsApproval ? (
            <p className="pay-hint is-warning" data-testid="pay-approval-hint">
              本单超出您的{toPay > card.autoLimitFen ? '单笔自动批准上限' : '剩余额度'}，提交后进入「待导师审批」，导师批准后自动从团体预存款支付。
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {!online ? (
        <fieldset className="pay-fieldset">
          <legend>课题号（选填）</legend>
          <Input aria-label="课题号" maxLength={60} value={projectNo} onChange={(e) => setProjectNo(e.target.value)} placeholder={card ? `默认为经费卡号 ${card.number}` : '将打印在测试清单和对账单上'} />
        </fieldset>
      ) : null}
      {online && useBalance ? <BalanceChoice legend="抵扣账户" balances={ready.balances} value={source} onChange={setSource} shortFen={0} row /> : null}

      {card ? <p className="pay-hint">经费卡支付不使用优惠券。</p> : null}
      <fieldset className="pay-fieldset" hidden={Boolean(card)}>
        <legend>优惠券</legend>
        <Radio.Group className="pay-options" value={couponRid} onChange={(e) => setCouponRid(e.target.value as string)} aria-label="优惠券">
          <Radio value="" className="pay-option">
            <span className="pay-option-name">不使用优惠券</span>
          </Radio>
          {ready.coupons.map((c) => (
            <Radio key={c.rid} value={c.rid} disabled={!c.usable} className="pay-option">
              <span className="pay-option-name">{c.name}</span>
              <span className="pay-option-meta">{c.usable ? `立减 ${formatFen(c.discountFen)}` : c.reason || '不可用'}</span>
            </Radio>
          ))}
        </Radio.Group>
        {ready.coupons.length === 0 ? <p className="pay-hint">暂无可用于本订单的优惠券</p> : null}
        <ClaimCoupons onClaimed={(c) => onClaimed(c.rid)} />
      </fieldset>

      {online && useBalance ? (
        <dl className="pay-split" data-testid="pay-split">
          <div>
            <dt>余额抵扣</dt>
            <dd>-{formatFen(split.balanceFen)}</dd>
          </div>
          <div>
            <dt>{PAY_VENDOR_NAMES[method]}</dt>
            <dd>
              <strong>{formatFen(split.onlineFen)}</strong>
            </dd>
          </div>
        </dl>
      ) : null}
      {online && split.onlineFen <= 0 ? <p className="pay-hint">所选账户余额足以支付本订单，请选择「预存款支付」。</p> : null}

      <PaymentRefusal refusal={error} then="到账后再支付；或选择其他账户。" />

      {ready.payLater.allowed ? (
        <p className="pay-hint" data-testid="pay-later-hint">
          您可选择测试后结算：先检测、出数据后统一结算。额度 {formatFen(ready.payLater.limitFen)}，已用 {formatFen(ready.payLater.usedFen)}。
        </p>
      ) : ready.payLater.reason ? (
        <p className="pay-hint" data-testid="pay-later-reason">
          {ready.payLater.reason}
        </p>
      ) : null}

      {/* the amount and the button: on a phone a bar fixed at the bottom of the screen */}
      <div className="pay-bar" data-testid="pay-bar">
        <div className="pay-total" aria-label="应付金额">
          <span>
            {coupon?.usable ? <small>已优惠 {formatFen(ready.order.totalFen - toPay)}</small> : null}
            应付金额
          </span>
          <strong data-testid="pay-amount">{formatFen(toPay)}</strong>
        </div>
        <Space className="pay-buttons" wrap>
          {ready.payLater.allowed ? (
            <Button onClick={() => later.mutate(orderNo)} loading={later.isPending} disabled={busy && !later.isPending}>
              测试后结算
            </Button>
          ) : null}
          {submit}
        </Space>
      </div>
      {online ? <p className="pay-hint pay-secure">支付由{PAY_VENDOR_NAMES[method]}官方渠道完成，支付结果以支付平台通知为准；订单取消后款项原路退回。</p> : null}
      {onlinePay.dialog}
    </div>
  );
}

interface PayDialogProps {
  orderNo: string;
  preferredCouponRid?: string | undefined;
  open: boolean;
  onClose: () => void;
  /** after a successful payment or choosing to settle after testing */
  onPaid?: () => void;
  /** shown above the form: a booking's hold deadline */
  note?: ReactNode;
}

/** 支付订单: 预存款 (mine or a community's) or 微信支付 / 支付宝 (with 余额抵扣), a coupon; pay, or 测试后结算. */
export function PayDialog({ orderNo, preferredCouponRid, open, onClose, onPaid, note }: PayDialogProps) {
  const ready = useReadyToPay(orderNo, open);
  const [claimed, setClaimed] = useState<string | undefined>();
  let body;
  if (ready.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (ready.isError) {
    body = <LoadFailed title="支付信息加载失败" error={ready.error} onRetry={ready.refetch} />;
  } else {
    body = (
      <PayForm
        key={ready.dataUpdatedAt}
        ready={ready.data}
        preferredCouponRid={claimed ?? preferredCouponRid}
        onClaimed={setClaimed}
        onDone={() => {
          onPaid?.();
          onClose();
        }}
      />
    );
  }

  return (
    <Modal open={open} title="支付订单" onCancel={onClose} footer={null} destroyOnHidden width={560} centered>
      {note}
      {body}
    </Modal>
  );
}
