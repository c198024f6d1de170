import { Alert, Button, Checkbox, DatePicker, Empty, Input, Radio, Select, Skeleton } from 'antd';
import { useMutation } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  couponDiscountFen,
  DELIVERY_KINDS,
  deliveryLabels,
  disabledSlots,
  formatFen,
  invoiceTypeLabels,
  isPickupDateDisabled,
  isSpecialInvoice,
  orderAddBody,
  pickupSlots,
  SELF_SEND_MESSAGE,
  SPECIAL_INVOICE_NEEDS_UNIT,
  type DeliveryKind,
  type MemberCoupon,
  type PlanLine,
} from '@lab/contract';
import { useFeedback } from '../../../lib/use-feedback';
import { useUserInfo } from '../../../lib/user-info';
import { useAddresses } from '../../../api/addresses/list-addresses';
import { PickupAddressChoice } from '../../../components/member/pickup-address-choice';
import { useSiteSettings } from '../../../api/content/site-settings';
import { refreshPlanData } from '../../../api/refresh';
import { usePlan } from '../api/get-plan';
import { addOrder } from '../api/add-order';
import { useUnusedCoupons } from '../api/list-unused-coupons';
import { useInvoiceTitles } from '../../../api/funds/list-invoice-titles';
import { AgreementModal } from '../components/agreement-modal';
import { newSample, SampleRows, type SampleDraft } from '../components/sample-rows';
import { optionsText, reservationText } from '../components/plan-format';
import { BasicInfoWarning } from './plan-page';
import '../../../components/member/member-pages.css';
import '../../../components/member/member-forms.css';
import '../components/plan.css';
import '../components/order-form.css';

interface LineDraft {
  samples: SampleDraft[];
  note: string;
}

const INVOICE_CHOICES = [0, 1, 3, 2, 4] as const;

type PricedLine = Pick<PlanLine, 'typeId' | 'groupId'> & { amountFen: number };

/** The part of the selected lines a coupon applies to (its scope), and whether it can be used. */
export function couponEstimate(coupon: MemberCoupon, lines: PricedLine[]): { discountFen: number; reason: string } {
  const inScope = lines.filter((l) =>
    coupon.scope.kind === 'all' ? true : coupon.scope.kind === 'types' ? coupon.scope.ids.includes(l.typeId) : coupon.scope.ids.includes(l.groupId),
  );
  const base = inScope.reduce((sum, l) => sum + l.amountFen, 0);
  if (base === 0) return { discountFen: 0, reason: '不适用于所选项目' };
  if (base < coupon.thresholdFen) return { discountFen: 0, reason: `满${formatFen(coupon.thresholdFen)}可用` };
  return { discountFen: couponDiscountFen(coupon, base), reason: '' };
}

/** Problems shown under their own field; any other one is shown above the submit button. */
const INLINE_KEYS = new Set(['agree', 'address_rid', 'date', 'time', 'contact', 'phone', 'invoice_title_rid']);
const shownInline = (key: string) => INLINE_KEYS.has(key) || /^lines\.\d+\.samples(\.\d+\.(name|count|form|hazards))?$/.test(key);

const couponValue = (c: MemberCoupon) => (c.amountFen !== null ? `减${formatFen(c.amountFen)}` : `${(10 - (c.offRateBp ?? 0) / 1000).toFixed(1).replace(/\.0$/, '')}折`);

/**
 * 确认订单 (/experiment/confirm?ids=…): per selected plan line its samples, the delivery
 * (self-send to the lab or a home pickup with the shared date/slot rules), the agreement,
 * a coupon wish, an invoice wish and contact data. Checked with the contract's orderAddBody,
 * so the messages are the server's; the server prices the order and answers its number.
 */
export default function OrderConfirmPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const plan = usePlan();
  const info = useUserInfo();
  const settings = useSiteSettings();
  const addresses = useAddresses();
  const coupons = useUnusedCoupons();
  const titles = useInvoiceTitles();

  const wanted = useMemo(() => new Set((params.get('ids') ?? '').split(',').filter(Boolean)), [params]);
  const lines = useMemo(
    () => (plan.data?.dataArr ?? []).flatMap((g) => g.items).filter((l) => l.available && (wanted.size === 0 || wanted.has(l.id))),
    [plan.data, wanted],
  );

  const [drafts, setDrafts] = useState<Record<string, LineDraft>>({});
  const [delivery, setDelivery] = useState<DeliveryKind>('self');
  const [addressRid, setAddressRid] = useState<string | undefined>();
  const [date, setDate] = useState<Dayjs | null>(null);
  const [time, setTime] = useState<string | undefined>();
  const [agree, setAgree] = useState(false);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [couponRid, setCouponRid] = useState<string | undefined>();
  const [invoiceType, setInvoiceType] = useState<number>(0);
  const [titleRid, setTitleRid] = useState<string | undefined>();
  const [contact, setContact] = useState<string | null>(null);
  const [phone, setPhone] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<{ key: string; text: string } | null>(null);

  // one sample row per line to start with, holding the line's count and note
  useEffect(() => {
    setDrafts((prev) => {
      const next = { ...prev };
      for (const l of lines) next[l.id] ??= { samples: l.reservation ? [] : [newSample(l.count)], note: l.note };
      return next;
    });
  }, [lines]);

  const addressList = useMemo(() => addresses.data ?? [], [addresses.data]);
  useEffect(() => {
    if (addressRid === undefined) setAddressRid(addressList.find((a) => !a.disabled)?.address_rid);
  }, [addressList, addressRid]);

  const titleList = useMemo(() => titles.data ?? [], [titles.data]);
  const account = info.data?.account;
  const contactValue = contact ?? account?.name ?? '';
  const phoneValue = phone ?? account?.phone ?? '';

  const setting = settings.data?.samplingSetting;
  const dateText = date ? date.format('YYYY-MM-DD') : '';
  const slots = setting ? pickupSlots(setting) : [];
  const closedSlots = setting && dateText ? disabledSlots(dateText, setting, new Date()) : new Set<string>();

  // as the server prices it: a test line by its samples, an on-site line by its hours
  const sampleCount = (l: PlanLine) => drafts[l.id]?.samples.reduce((n, s) => n + s.count, 0) ?? l.count;
  const priced = lines.map((l) => {
    const count = l.reservation ? l.count : sampleCount(l);
    return { line: l, count, amountFen: l.reservation ? l.amountFen : l.unitPriceFen * count, typeId: l.typeId, groupId: l.groupId };
  });
  const totalFen = priced.reduce((sum, p) => sum + p.amountFen, 0);
  const couponList = coupons.data?.list ?? [];
  const chosenCoupon = couponList.find((c) => c.rid === couponRid);
  const discountFen = chosenCoupon ? couponEstimate(chosenCoupon, priced).discountFen : 0;
  const sampleTotal = lines.reduce((sum, l) => sum + (l.reservation ? 0 : sampleCount(l)), 0);

  const mutation = useMutation({
    mutationFn: addOrder,
    onSuccess: (order) => {
      refreshPlanData();
      void navigate(`/member/order/${encodeURIComponent(order.orderNo)}?pay=1`);
    },
    onError: (error) => feedback.failure(error),
  });

  const buildBody = (): Parameters<typeof addOrder>[0] => ({
    lines: JSON.stringify(
      lines.map((l) => ({
        id: l.id,
        samples: (drafts[l.id]?.samples ?? []).map((s) => ({
          name: s.name,
          count: s.count,
          form: s.form,
          hazards: s.hazards,
          magnetic: s.magnetic,
          returnWanted: s.returnWanted,
        })),
        note: drafts[l.id]?.note ?? '',
      })),
    ),
    delivery,
    ...(delivery === 'pickup' ? { address_rid: addressRid ?? '', date: dateText, time: time ?? '' } : {}),
    agree: agree ? '1' : '0',
    coupon_rid: couponRid ?? '',
    invoice_type: invoiceType,
    ...(invoiceType > 0 ? { invoice_title_rid: titleRid ?? '' } : {}),
    contact: contactValue,
    phone: phoneValue,
    remark,
  });

  const submit = () => {
    const missingSamples = lines.findIndex((l) => !l.reservation && (drafts[l.id]?.samples.length ?? 0) === 0);
    if (missingSamples >= 0) {
      setProblem({ key: `lines.${missingSamples}.samples`, text: `请填写「${lines[missingSamples]!.name}」的样品信息` });
      return;
    }
    const body = buildBody();
    const parsed = orderAddBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const key = (issue?.path ?? []).map(String).join('.');
      setProblem({ key, text: issue?.message ?? '请检查填写的内容' });
      requestAnimationFrame(() => document.querySelector('[data-error="true"], .order-error-anchor')?.scrollIntoView?.({ block: 'center', behavior: 'smooth' }));
      return;
    }
    setProblem(null);
    mutation.mutate(body);
  };

  /** a problem disappears as soon as the member edits what it is about */
  const clearProblem = (prefix: string) => setProblem((p) => (p && (p.key === prefix || p.key.startsWith(`${prefix}.`)) ? null : p));
  const errorAt = (key: string) => (problem?.key === key ? problem.text : null);

  if (plan.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (plan.isError) return <Alert type="error" showIcon title="实验计划加载失败" description={plan.error.message} action={<Button onClick={() => void plan.refetch()}>重试</Button>} />;
  if (lines.length === 0) {
    return (
      <div className="member-page">
        <div className="member-page-head">
          <h1 className="page-title">确认订单</h1>
        </div>
        <Empty className="member-empty" description="没有可下单的项目，请先在实验计划中选择项目">
          <Link to="/experiment/plan" className="plan-btn-link">
            返回实验计划
          </Link>
        </Empty>
      </div>
    );
  }

  return (
    <div className="member-page order-form">
      <div className="member-page-head">
        <h1 className="page-title">确认订单</h1>
        <Link to="/experiment/plan">返回实验计划</Link>
      </div>
      <BasicInfoWarning />

      <section className="order-card" aria-labelledby="order-lines-title">
        <h2 id="order-lines-title" className="order-card-title">
          检测项目与样品信息
        </h2>
        {priced.map(({ line, count, amountFen }, index) => {
          const draft = drafts[line.id] ?? { samples: [], note: line.note };
          const options = optionsText(line.options);
          const booking = reservationText(line.reservation);
          const lineError = errorAt(`lines.${index}.samples`);
          return (
            <article key={line.id} className="order-line" aria-label={line.name}>
              <header className="order-line-head">
                <img src={line.img} alt="" width={64} height={48} />
                <div className="order-line-info">
                  <strong>{line.name}</strong>
                  {options ? <span className="plan-line-meta">测试条件：{options}</span> : null}
                  {booking ? <span className="plan-line-meta">预约时段：{booking}</span> : null}
                </div>
                <div className="order-line-money">
                  <span className="member-muted">
                    {formatFen(line.unitPriceFen)}/{line.unit} × {count}
                  </span>
                  <strong>{formatFen(amountFen)}</strong>
                </div>
              </header>
              {line.reservation ? (
                <p className="member-muted">上门预约项目按所选时段计费，到场操作仪器，无需填写样品信息。</p>
              ) : (
                <SampleRows
                  index={index}
                  lineName={line.name}
                  samples={draft.samples}
                  errorKey={problem?.key ?? null}
                  errorText={problem?.text ?? null}
                  onChange={(samples) => {
                    clearProblem(`lines.${index}`);
                    setDrafts((prev) => ({ ...prev, [line.id]: { ...draft, samples } }));
                  }}
                />
              )}
              {lineError ? (
                <p className="order-error order-error-anchor" role="alert">
                  {lineError}
                </p>
              ) : null}
              <label className="order-field order-line-note">
                <span>项目备注</span>
                <Input value={draft.note} maxLength={500} placeholder="对本项目的测试要求（选填）" onChange={(e) => setDrafts((prev) => ({ ...prev, [line.id]: { ...draft, note: e.target.value } }))} />
              </label>
            </article>
          );
        })}
      </section>

      <section className="order-card" aria-labelledby="order-delivery-title">
        <h2 id="order-delivery-title" className="order-card-title">
          送样方式
        </h2>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={delivery}
          onChange={(e) => setDelivery(e.target.value as DeliveryKind)}
          options={DELIVERY_KINDS.map((k) => ({ value: k, label: deliveryLabels[k] }))}
          aria-label="送样方式"
        />
        {delivery === 'self' ? (
          <div className="order-self" data-testid="self-send">
            <Alert type="info" showIcon title={SELF_SEND_MESSAGE} />
            {settings.data ? (
              <dl className="order-dl">
                <dt>收件信息</dt>
                <dd>{settings.data.localInfo.express || settings.data.localInfo.address}</dd>
                <dt>联系电话</dt>
                <dd>{settings.data.localInfo.phone}</dd>
              </dl>
            ) : settings.isError ? (
              <p className="order-error">收样地址加载失败，请刷新页面重试</p>
            ) : (
              <Skeleton active paragraph={{ rows: 1 }} />
            )}
          </div>
        ) : (
          <div className="order-pickup">
            {setting?.WxTip1 ? <Alert type="info" showIcon title={setting.WxTip1} /> : null}
            <div className="order-field">
              <span>取样地址</span>
              {addresses.isPending ? (
                <Skeleton active paragraph={{ rows: 2 }} />
              ) : addressList.length === 0 ? (
                <p className="member-muted">
                  还没有收件地址，<Link to="/member/address">去添加地址</Link>
                </p>
              ) : (
                <PickupAddressChoice
                  addresses={addressList}
                  value={addressRid}
                  onChange={(rid) => {
                    clearProblem('address_rid');
                    setAddressRid(rid);
                  }}
                />
              )}
              {errorAt('address_rid') ? (
                <em role="alert" className="order-error-anchor">
                  {errorAt('address_rid')}
                </em>
              ) : null}
            </div>
            <div className="order-pickup-when">
              <div className="order-field">
                <span>取样日期</span>
                <DatePicker
                  value={date}
                  placeholder="请选择取样日期"
                  inputReadOnly
                  showNow={false}
                  aria-label="取样日期"
                  status={errorAt('date') ? 'error' : undefined}
                  disabledDate={(d) => !setting || isPickupDateDisabled(d.format('YYYY-MM-DD'), setting, new Date())}
                  onChange={(d) => {
                    clearProblem('date');
                    setDate(d);
                    setTime(undefined);
                  }}
                  defaultPickerValue={dayjs()}
                />
                {errorAt('date') ? (
                  <em role="alert" className="order-error-anchor">
                    {errorAt('date')}
                  </em>
                ) : null}
              </div>
              <div className="order-field">
                <span>取样时间</span>
                <Radio.Group className="slot-group" aria-label="取样时间" value={time} onChange={(e) => {
                    clearProblem('time');
                    setTime(e.target.value as string);
                  }}
                >
                  {slots.map((slot) => (
                    <Radio.Button key={slot} value={slot} disabled={!dateText || closedSlots.has(slot)}>
                      {slot}
                    </Radio.Button>
                  ))}
                </Radio.Group>
                {dateText ? null : <small className="member-muted">请先选择日期</small>}
                {errorAt('time') ? (
                  <em role="alert" className="order-error-anchor">
                    {errorAt('time')}
                  </em>
                ) : null}
              </div>
            </div>
          </div>
        )}
      </section>

      <section className="order-card" aria-labelledby="order-extra-title">
        <h2 id="order-extra-title" className="order-card-title">
          联系人、优惠与发票
        </h2>
        <div className="order-grid">
          <label className="order-field">
            <span>联系人</span>
            <Input value={contactValue} maxLength={40} aria-label="联系人" status={errorAt('contact') ? 'error' : undefined} onChange={(e) => {
                clearProblem('contact');
                setContact(e.target.value);
              }} />
            {errorAt('contact') ? (
              <em role="alert" className="order-error-anchor">
                {errorAt('contact')}
              </em>
            ) : null}
          </label>
          <label className="order-field">
            <span>联系电话</span>
            <Input value={phoneValue} maxLength={11} inputMode="numeric" aria-label="联系电话" status={errorAt('phone') ? 'error' : undefined} onChange={(e) => {
                clearProblem('phone');
                setPhone(e.target.value.trim());
              }} />
            {errorAt('phone') ? (
              <em role="alert" className="order-error-anchor">
                {errorAt('phone')}
              </em>
            ) : null}
          </label>
          <div className="order-field">
            <span>优惠券</span>
            <Select
              allowClear
              value={couponRid}
              placeholder={couponList.length ? '不使用优惠券' : '暂无可用优惠券'}
              disabled={couponList.length === 0}
              aria-label="优惠券"
              onChange={(v: string | undefined) => setCouponRid(v)}
              options={couponList.map((c) => {
                const estimate = couponEstimate(c, priced);
                return {
                  value: c.rid,
                  disabled: Boolean(estimate.reason),
                  label: `${c.name}（${estimate.reason ? `${couponValue(c)}，${estimate.reason}` : `预计优惠 ${formatFen(estimate.discountFen)}`}）`,
                };
              })}
            />
            <small className="member-muted">优惠金额在支付时按订单核算，支付时也可更换</small>
          </div>
          <div className="order-field">
            <span>发票需求</span>
            <Select
              value={invoiceType}
              aria-label="发票需求"
              onChange={(v: number) => {
                setInvoiceType(v);
                setTitleRid(v > 0 ? (titleList.find((t) => !isSpecialInvoice(v) || t.specialReady)?.rid ?? undefined) : undefined);
              }}
              options={INVOICE_CHOICES.map((t) => ({ value: t, label: invoiceTypeLabels[t] }))}
            />
          </div>
          {invoiceType > 0 ? (
            <div className="order-field">
              <span>发票抬头</span>
              {titleList.length === 0 && !titles.isPending ? (
                <p className="member-muted">
                  还没有发票抬头，<Link to="/member/invoiceMg">去添加抬头</Link>
                </p>
              ) : (
                <Select
                  value={titleRid}
                  allowClear
                  placeholder="可稍后在申请开票时选择"
                  aria-label="发票抬头"
                  status={errorAt('invoice_title_rid') ? 'error' : undefined}
                  onChange={(v: string | undefined) => setTitleRid(v)}
                  options={titleList.map((t) => ({ value: t.rid, disabled: isSpecialInvoice(invoiceType) && !t.specialReady, label: `${t.title}${t.kind === 'unit' ? '（单位）' : '（个人）'}` }))}
                />
              )}
              {isSpecialInvoice(invoiceType) ? <small className="member-muted">{SPECIAL_INVOICE_NEEDS_UNIT}</small> : null}
              {errorAt('invoice_title_rid') ? (
                <em role="alert" className="order-error-anchor">
                  {errorAt('invoice_title_rid')}
                </em>
              ) : null}
            </div>
          ) : null}
        </div>
        <label className="order-field">
          <span>订单备注</span>
          <Input.TextArea value={remark} maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} placeholder="给实验室的其他说明（选填）" onChange={(e) => setRemark(e.target.value)} />
        </label>
      </section>

      <div className="order-summary" role="region" aria-label="订单金额">
        <div className="order-agree">
          <Checkbox
            checked={agree}
            onChange={(e) => {
              clearProblem('agree');
              setAgree(e.target.checked);
            }}
          >
            我已阅读并同意
          </Checkbox>
          <Button type="link" className="order-agree-link" onClick={() => setAgreementOpen(true)}>
            《委托检测服务协议》
          </Button>
          {errorAt('agree') ? (
            <em role="alert" className="order-error order-error-anchor">
              {errorAt('agree')}
            </em>
          ) : null}
        </div>
        <dl className="order-totals">
          <dt>项目</dt>
          <dd>
            {lines.length} 项，样品 {sampleTotal} 件
          </dd>
          <dt>项目金额</dt>
          <dd data-testid="order-total">{formatFen(totalFen)}</dd>
          {chosenCoupon ? (
            <>
              <dt>优惠券（预计）</dt>
              <dd>-{formatFen(discountFen)}</dd>
            </>
          ) : null}
          <dt>应付金额</dt>
          <dd className="order-payable">{formatFen(Math.max(0, totalFen - discountFen))}</dd>
        </dl>
        {problem && !shownInline(problem.key) ? (
          <p className="order-error" role="alert">
            {problem.text}
          </p>
        ) : null}
        <Button type="primary" size="large" loading={mutation.isPending} onClick={submit} className="order-submit">
          提交订单
        </Button>
      </div>
      <AgreementModal open={agreementOpen} onClose={() => setAgreementOpen(false)} onAgree={() => {
          clearProblem('agree');
          setAgree(true);
        }}
      />
    </div>
  );
}
