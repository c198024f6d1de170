import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Form } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { disabledSlots, isSpecialInvoice, labDay, orderAddBody, pickupSlots, type DeliveryKind } from '@lab/contract';
import { useUserInfo } from '../../../lib/user-info';
import { useAddresses } from '../../member/api/addresses/list-addresses';
import { useSiteSettings } from '../../content/api/content/site-settings';
import { refreshPlanData } from '../../../api/refresh';
import { usePlan } from '../api/get-plan';
import { addOrder } from '../api/add-order';
import { useUnusedCoupons } from '../api/list-unused-coupons';
import { useInvoiceTitles } from '../../funds/api/funds/list-invoice-titles';
import { bestCoupon, couponEstimate } from './coupon-estimate';
import { newSample, type SampleDraft } from './sample-rows';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { orderDrafts, type OrderDraft } from './order-draft';

export interface LineDraft {
  samples: SampleDraft[];
  note: string;
}

/**
 * The order form's values as antd's Form holds them, named as the body's fields so a problem's
 * path (the schema's) names the field it is about: `lines.<n>` is the n-th chosen line
 * (`lines.0.samples.1.name`), `agree`, `phone`…
 */
export interface OrderValues {
  lines: LineDraft[];
  delivery: DeliveryKind;
  address_rid: string | undefined;
  date: Dayjs | null;
  time: string | undefined;
  agree: boolean;
  coupon_rid: string | undefined;
  invoice_type: number;
  invoice_title_rid: string | undefined;
  contact: string;
  phone: string;
  remark: string;
}

/**
 * The order form: its antd form over the chosen plan lines (?ids= picks them), what it costs as
 * the server prices it, and its check (the contract's orderAddBody, the first problem under its
 * field) and submit; the new order opens to be paid. The sections draw it.
 */
export function useOrderForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const plan = usePlan();
  const info = useUserInfo();
  const settings = useSiteSettings();
  const addresses = useAddresses();
  const coupons = useUnusedCoupons();
  const titles = useInvoiceTitles();
  const [form] = Form.useForm<OrderValues>();

  const wanted = useMemo(() => new Set((params.get('ids') ?? '').split(',').filter(Boolean)), [params]);
  /** ?quote=BJ…: the 报价单 whose unit prices the order takes (the server checks it is mine and valid) */
  const quoteNo = params.get('quote') ?? '';
  const lines = useMemo(
    () => (plan.data?.dataArr ?? []).flatMap((g) => g.items).filter((l) => l.available && (wanted.size === 0 || wanted.has(l.id))),
    [plan.data, wanted],
  );

  const addressList = useMemo(() => addresses.data ?? [], [addresses.data]);
  const titleList = useMemo(() => titles.data ?? [], [titles.data]);
  const couponList = useMemo(() => coupons.data?.list ?? [], [coupons.data]);
  const account = info.data?.account;
  // the first address that offers a pickup, until the member picks one
  const firstUsable = addressList.find((a) => !a.disabled)?.address_rid;

  // one sample row per test line to start with, holding the line's count; the account's name and phone
  const initialValues: OrderValues = {
    lines: lines.map((l) => ({ samples: l.reservation ? [] : [newSample(l.count)], note: l.note })),
    delivery: 'self',
    address_rid: firstUsable,
    date: null,
    time: undefined,
    agree: false,
    coupon_rid: undefined,
    invoice_type: 0,
    invoice_title_rid: undefined,
    contact: account?.name ?? '',
    phone: account?.phone ?? '',
    remark: '',
  };

  // another set of lines (the plan read again): the form starts over, its values follow the lines by position
  const shown = lines.length > 0;
  const lineIds = lines.map((l) => l.id).join(',');
  const drawnFor = useRef(lineIds);
  useEffect(() => {
    if (drawnFor.current === lineIds) return;
    drawnFor.current = lineIds;
    if (shown) form.resetFields();
  }, [lineIds, shown, form]);

  // what arrives after the form is drawn fills the fields the member has not touched
  useEffect(() => {
    if (!shown || !account) return;
    if (!form.isFieldTouched('contact') && !form.getFieldValue('contact')) form.setFieldsValue({ contact: account.name ?? '' });
    if (!form.isFieldTouched('phone') && !form.getFieldValue('phone')) form.setFieldsValue({ phone: account.phone ?? '' });
  }, [shown, account, form]);
  useEffect(() => {
    if (shown && firstUsable && !form.getFieldValue('address_rid')) form.setFieldsValue({ address_rid: firstUsable });
  }, [shown, firstUsable, form]);

  // the member's unsent draft (kept as they type) back in the form: after a reload, a detour, another choice of lines
  const memberRid = account?.rid;
  const restoredFor = useRef('');
  const [restored, setRestored] = useState(false);
  // a sheet's samples arrive through the draft (sample-sheet-import.tsx): a new round reads it again, without the 已恢复 note
  const [draftRound, setDraftRound] = useState(0);
  const fromSheet = useRef(false);
  const draftKey = `${memberRid}:${lineIds}:${draftRound}`;
  useEffect(() => {
    if (!shown || !memberRid || restoredFor.current === draftKey) return;
    restoredFor.current = draftKey;
    const draft = orderDrafts.get(memberRid);
    if (!draft) return;
    form.setFieldsValue(valuesOfDraft(draft, lines, form.getFieldsValue(true) as OrderValues, labDay(new Date())));
    if (!fromSheet.current) setRestored(true);
  }, [shown, memberRid, draftKey, lines, form]);

  // the member's coupon that takes the most off these lines, chosen for them until they choose (never full price by omission)
  const couponsRead = coupons.isSuccess;
  const offeredFor = useRef('');
  useEffect(() => {
    if (!shown || !couponsRead || offeredFor.current === lineIds) return;
    offeredFor.current = lineIds;
    if (form.getFieldValue('coupon_rid') || form.isFieldTouched('coupon_rid')) return;
    const best = bestCoupon(couponList, pricedNow());
    if (best) form.setFieldValue('coupon_rid', best);
  });

  const saveDraft = () => {
    if (memberRid && restoredFor.current === draftKey) orderDrafts.save(memberRid, draftOfValues(form.getFieldsValue(true) as OrderValues, lines));
  };
  /** 重新填写: the draft forgotten, the form as new */
  const discardDraft = () => {
    if (memberRid) orderDrafts.clear(memberRid);
    form.resetFields();
    setRestored(false);
  };

  const drafts = (Form.useWatch('lines', { form, preserve: true }) as LineDraft[] | undefined) ?? initialValues.lines;
  const delivery = (Form.useWatch('delivery', form) as DeliveryKind | undefined) ?? 'self';
  const date = Form.useWatch('date', form) as Dayjs | null | undefined;
  const invoiceType = (Form.useWatch('invoice_type', form) as number | undefined) ?? 0;
  const couponRid = Form.useWatch('coupon_rid', form) as string | undefined;

  const setting = settings.data?.samplingSetting;
  const dateText = date ? date.format('YYYY-MM-DD') : '';
  const slots = setting ? pickupSlots(setting) : [];
  const closedSlots = setting && dateText ? disabledSlots(dateText, setting, new Date()) : new Set<string>();

  /** a choice that changes another: another day has other free slots, another invoice type other titles */
  const onValuesChange = (changed: Partial<OrderValues>) => {
    if ('date' in changed) form.setFieldValue('time', undefined);
    if ('invoice_type' in changed) {
      const type = changed.invoice_type ?? 0;
      // the first title it may use (a special invoice needs a unit ready for it)
      form.setFieldValue('invoice_title_rid', type > 0 ? titleList.find((t) => !isSpecialInvoice(type) || t.specialReady)?.rid : undefined);
    }
    saveDraft();
  };

  /** the lines priced from the form's values as they stand (for a choice made in an effect) */
  const pricedNow = () => {
    const values = form.getFieldsValue(true) as OrderValues;
    return lines.map((l, index) => {
      const count = l.reservation ? l.count : (values.lines?.[index]?.samples ?? []).reduce((n, x) => n + (x?.count ?? 0), 0);
      return { amountFen: l.reservation ? l.amountFen : l.unitPriceFen * count, typeId: l.typeId, groupId: l.groupId };
    });
  };

  // as the server prices it: a test line by its samples, an on-site line by its hours
  const sampleCount = (index: number) => (drafts[index]?.samples ?? []).reduce((n, s) => n + (s?.count ?? 0), 0);
  const priced = lines.map((l, index) => {
    const count = l.reservation ? l.count : sampleCount(index);
    return { line: l, count, amountFen: l.reservation ? l.amountFen : l.unitPriceFen * count, typeId: l.typeId, groupId: l.groupId };
  });
  const totalFen = priced.reduce((sum, p) => sum + p.amountFen, 0);
  const chosenCoupon = couponList.find((c) => c.rid === couponRid);
  const discountFen = chosenCoupon ? couponEstimate(chosenCoupon, priced).discountFen : 0;
  const sampleTotal = lines.reduce((sum, l, index) => sum + (l.reservation ? 0 : sampleCount(index)), 0);

  const mutation = useApiMutation({
    mutationFn: addOrder,
    onSuccess: (order) => {
      if (memberRid) orderDrafts.clear(memberRid);
      refreshPlanData();
      void navigate(`/member/order/${encodeURIComponent(order.orderNo)}?pay=1`);
    },
  });

  /** The values as the order call takes them: the lines as JSON with their samples, the pickup's fields only for a pickup. */
  const body = (v: OrderValues): Parameters<typeof addOrder>[0] => ({
    lines: JSON.stringify(
      lines.map((l, index) => ({
        id: l.id,
        samples: (v.lines?.[index]?.samples ?? []).map((s) => ({ name: s.name, count: s.count, form: s.form, hazards: s.hazards, magnetic: s.magnetic, returnWanted: s.returnWanted })),
        note: v.lines?.[index]?.note ?? '',
      })),
    ),
    delivery: v.delivery,
    ...(v.delivery === 'pickup' ? { address_rid: v.address_rid ?? '', date: v.date ? v.date.format('YYYY-MM-DD') : '', time: v.time ?? '' } : {}),
    agree: v.agree ? '1' : '0',
    coupon_rid: v.coupon_rid ?? '',
    invoice_type: v.invoice_type,
    ...(v.invoice_type > 0 ? { invoice_title_rid: v.invoice_title_rid ?? '' } : {}),
    contact: v.contact ?? '',
    phone: v.phone ?? '',
    remark: v.remark ?? '',
    ...(quoteNo ? { quote_no: quoteNo } : {}),
  });

  /** The contract's body, and a test line needs its samples (what the line is, only the page knows). */
  const schema = orderAddBody.superRefine((checked, ctx) => {
    const missing = lines.findIndex((l, index) => !l.reservation && checked.lines[index]?.samples.length === 0);
    if (missing >= 0) ctx.addIssue({ code: 'custom', path: ['lines', missing, 'samples'], message: `请填写「${lines[missing]!.name}」的样品信息` });
  });

  /** After a sheet's samples were saved into the draft: the form reads it again (the lines it names come with ?ids=). */
  const reloadDraft = () => {
    fromSheet.current = true;
    setDraftRound((n) => n + 1);
  };

  return {
    form,
    plan,
    lines,
    memberRid,
    reloadDraft,
    quoteNo,
    priced,
    initialValues,
    schema,
    body,
    onValuesChange,
    saveDraft,
    restored,
    discardDraft,
    submit: (values: OrderValues) => mutation.mutate(body(values)),
    delivery,
    invoiceType,
    settings,
    setting,
    addresses,
    addressList,
    titles,
    titleList,
    couponList,
    dateText,
    slots,
    closedSlots,
    totalFen,
    chosenCoupon,
    discountFen,
    sampleTotal,
    submitting: mutation.isPending,
  };
}

export type OrderForm = ReturnType<typeof useOrderForm>;

type FormLine = { id: string };

/** The draft of the form's values: each line's samples by the line's id, the day as text. */
export function draftOfValues(v: OrderValues, lines: FormLine[]): Omit<OrderDraft, 'savedAt'> {
  return {
    lines: Object.fromEntries(lines.map((l, index) => [l.id, { samples: v.lines?.[index]?.samples ?? [], note: v.lines?.[index]?.note ?? '' }])),
    delivery: v.delivery,
    address_rid: v.address_rid,
    date: v.date ? v.date.format('YYYY-MM-DD') : '',
    time: v.time,
    coupon_rid: v.coupon_rid,
    invoice_type: v.invoice_type,
    invoice_title_rid: v.invoice_title_rid,
    contact: v.contact ?? '',
    phone: v.phone ?? '',
    remark: v.remark ?? '',
  };
}

/**
 * The form's values from a draft: a line the draft has keeps its samples, another its fresh
 * rows; a pickup day already past is dropped with its slot (the member picks again).
 */
export function valuesOfDraft(draft: OrderDraft, lines: FormLine[], current: OrderValues, today: string): OrderValues {
  const dayOk = draft.date !== '' && draft.date >= today;
  return {
    ...current,
    lines: lines.map((l, index) => {
      const kept = draft.lines[l.id];
      // fresh row keys: the counter behind them starts again after a reload
      if (kept) return { ...kept, samples: kept.samples.map((s) => ({ ...s, key: newSample().key })) };
      return current.lines?.[index] ?? { samples: [], note: '' };
    }),
    delivery: draft.delivery,
    address_rid: draft.address_rid ?? current.address_rid,
    date: dayOk ? dayjs(draft.date) : null,
    time: dayOk ? draft.time : undefined,
    coupon_rid: draft.coupon_rid ?? current.coupon_rid,
    invoice_type: draft.invoice_type,
    invoice_title_rid: draft.invoice_title_rid,
    contact: draft.contact || current.contact,
    phone: draft.phone || current.phone,
    remark: draft.remark,
  };
}
