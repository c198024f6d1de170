import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { disabledSlots, isSpecialInvoice, orderAddBody, pickupSlots, type DeliveryKind, type PlanLine } from '@lab/contract';
import { useUserInfo } from '../../../lib/user-info';
import { useAddresses } from '../../../api/addresses/list-addresses';
import { useSiteSettings } from '../../../api/content/site-settings';
import { refreshPlanData } from '../../../api/refresh';
import { usePlan } from '../api/get-plan';
import { addOrder } from '../api/add-order';
import { useUnusedCoupons } from '../api/list-unused-coupons';
import { useInvoiceTitles } from '../../../api/funds/list-invoice-titles';
import { couponEstimate } from './coupon-estimate';
import { newSample, type SampleDraft } from './sample-rows';
import { useApiMutation } from '../../../lib/use-api-mutation';

export interface LineDraft {
  samples: SampleDraft[];
  note: string;
}

/**
 * What the member chooses besides the lines, named as the body's fields so a problem's key
 * (the schema's path) names the field it is about. contact and phone stay null until edited:
 * the account's own name and phone are shown and sent until then.
 */
export interface OrderChoices {
  delivery: DeliveryKind;
  address_rid: string | undefined;
  date: Dayjs | null;
  time: string | undefined;
  agree: boolean;
  coupon_rid: string | undefined;
  invoice_type: number;
  invoice_title_rid: string | undefined;
  contact: string | null;
  phone: string | null;
  remark: string;
}

const initialChoices: OrderChoices = {
  delivery: 'self',
  address_rid: undefined,
  date: null,
  time: undefined,
  agree: false,
  coupon_rid: undefined,
  invoice_type: 0,
  invoice_title_rid: undefined,
  contact: null,
  phone: null,
  remark: '',
};

export interface Problem {
  /** the schema's path joined with dots: `agree`, `lines.0.samples.1.name` */
  key: string;
  text: string;
}

/** Problems shown under their own field; any other one is shown above the submit button. */
const INLINE_KEYS = new Set(['agree', 'address_rid', 'date', 'time', 'contact', 'phone', 'invoice_title_rid']);
export const shownInline = (key: string) => INLINE_KEYS.has(key) || /^lines\.\d+\.samples(\.\d+\.(name|count|form|hazards))?$/.test(key);

/** A problem is about `key` when it names that field or something inside it (`lines.0` covers its samples). */
const isAbout = (problem: Problem, key: string) => problem.key === key || problem.key.startsWith(`${key}.`);

/**
 * The order form's state (?ids= picks the plan lines), what it costs as the server prices it,
 * and its submit: checked with the contract's orderAddBody, one problem at a time, then sent
 * with useMutation; the new order opens to be paid.
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

  const wanted = useMemo(() => new Set((params.get('ids') ?? '').split(',').filter(Boolean)), [params]);
  const lines = useMemo(
    () => (plan.data?.dataArr ?? []).flatMap((g) => g.items).filter((l) => l.available && (wanted.size === 0 || wanted.has(l.id))),
    [plan.data, wanted],
  );
  // one sample row per test line to start with, holding the line's count; made once per set of lines so its key stays
  const startDrafts = useMemo(() => new Map(lines.map((l): [string, LineDraft] => [l.id, { samples: l.reservation ? [] : [newSample(l.count)], note: l.note }])), [lines]);

  const [edited, setEdited] = useState<Record<string, LineDraft>>({});
  const [choices, setChoices] = useState<OrderChoices>(initialChoices);
  const [problem, setProblem] = useState<Problem | null>(null);

  /** a problem disappears as soon as the member edits what it is about */
  const clearProblem = (key: string) => setProblem((p) => (p && isAbout(p, key) ? null : p));

  const draftOf = (line: PlanLine): LineDraft => edited[line.id] ?? startDrafts.get(line.id) ?? { samples: [], note: line.note };
  const editLine = (line: PlanLine, index: number, patch: Partial<LineDraft>) => {
    if (patch.samples) clearProblem(`lines.${index}`);
    setEdited((prev) => ({ ...prev, [line.id]: { ...draftOf(line), ...patch } }));
  };

  const choose = (patch: Partial<OrderChoices>) => {
    Object.keys(patch).forEach(clearProblem);
    setChoices((prev) => ({ ...prev, ...patch }));
  };

  const addressList = useMemo(() => addresses.data ?? [], [addresses.data]);
  const titleList = useMemo(() => titles.data ?? [], [titles.data]);
  const couponList = useMemo(() => coupons.data?.list ?? [], [coupons.data]);
  const account = info.data?.account;
  // the first address that offers a pickup until the member picks one
  const addressRid = choices.address_rid ?? addressList.find((a) => !a.disabled)?.address_rid;
  const contact = choices.contact ?? account?.name ?? '';
  const phone = choices.phone ?? account?.phone ?? '';

  const setting = settings.data?.samplingSetting;
  const dateText = choices.date ? choices.date.format('YYYY-MM-DD') : '';
  const slots = setting ? pickupSlots(setting) : [];
  const closedSlots = setting && dateText ? disabledSlots(dateText, setting, new Date()) : new Set<string>();

  /** another invoice type: the first title it may use is chosen (a special invoice needs a unit ready for it) */
  const chooseInvoiceType = (type: number) =>
    choose({ invoice_type: type, invoice_title_rid: type > 0 ? titleList.find((t) => !isSpecialInvoice(type) || t.specialReady)?.rid : undefined });

  // as the server prices it: a test line by its samples, an on-site line by its hours
  const sampleCount = (l: PlanLine) => draftOf(l).samples.reduce((n, s) => n + s.count, 0);
  const priced = lines.map((l) => {
    const count = l.reservation ? l.count : sampleCount(l);
    return { line: l, count, amountFen: l.reservation ? l.amountFen : l.unitPriceFen * count, typeId: l.typeId, groupId: l.groupId };
  });
  const totalFen = priced.reduce((sum, p) => sum + p.amountFen, 0);
  const chosenCoupon = couponList.find((c) => c.rid === choices.coupon_rid);
  const discountFen = chosenCoupon ? couponEstimate(chosenCoupon, priced).discountFen : 0;
  const sampleTotal = lines.reduce((sum, l) => sum + (l.reservation ? 0 : sampleCount(l)), 0);

  const mutation = useApiMutation({
    mutationFn: addOrder,
    onSuccess: (order) => {
      refreshPlanData();
      void navigate(`/member/order/${encodeURIComponent(order.orderNo)}?pay=1`);
    },
  });

  const buildBody = (): Parameters<typeof addOrder>[0] => ({
    lines: JSON.stringify(
      lines.map((l) => ({
        id: l.id,
        samples: draftOf(l).samples.map((s) => ({ name: s.name, count: s.count, form: s.form, hazards: s.hazards, magnetic: s.magnetic, returnWanted: s.returnWanted })),
        note: draftOf(l).note,
      })),
    ),
    delivery: choices.delivery,
    ...(choices.delivery === 'pickup' ? { address_rid: addressRid ?? '', date: dateText, time: choices.time ?? '' } : {}),
    agree: choices.agree ? '1' : '0',
    coupon_rid: choices.coupon_rid ?? '',
    invoice_type: choices.invoice_type,
    ...(choices.invoice_type > 0 ? { invoice_title_rid: choices.invoice_title_rid ?? '' } : {}),
    contact,
    phone,
    remark: choices.remark,
  });

  const submit = () => {
    const missingSamples = lines.findIndex((l) => !l.reservation && draftOf(l).samples.length === 0);
    if (missingSamples >= 0) {
      setProblem({ key: `lines.${missingSamples}.samples`, text: `请填写「${lines[missingSamples]!.name}」的样品信息` });
      return;
    }
    const body = buildBody();
    const parsed = orderAddBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem({ key: (issue?.path ?? []).map(String).join('.'), text: issue?.message ?? '请检查填写的内容' });
      requestAnimationFrame(() => document.querySelector('[data-error="true"], .order-error-anchor')?.scrollIntoView?.({ block: 'center', behavior: 'smooth' }));
      return;
    }
    setProblem(null);
    mutation.mutate(body);
  };

  return {
    plan,
    lines,
    priced,
    draftOf,
    editLine,
    choices,
    choose,
    chooseInvoiceType,
    addressRid,
    contact,
    phone,
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
    problem,
    errorAt: (key: string) => (problem?.key === key ? problem.text : null),
    submit,
    submitting: mutation.isPending,
  };
}

export type OrderForm = ReturnType<typeof useOrderForm>;
