import { defineStore, onResetStores } from '../../../lib/store';
import type { DeliveryKind } from '@lab/contract';
import type { SampleDraft } from './sample-rows';

/**
 * What a member has typed into the order form and not yet submitted, kept per member in
 * localStorage so that a reload or a detour (a link out of checkout, 去完善基本信息, the login panel) loses
 * nothing: the samples and note of each plan line (by the line's id, so another choice of lines
 * keeps what fits), the delivery with the pickup's address, date and slot, the coupon, the
 * invoice choice and the contact. Not the agreement's tick: that is given again on submitting.
 * Cleared once the order is submitted.
 */
export interface OrderDraft {
  lines: Record<string, { samples: SampleDraft[]; note: string }>;
  delivery: DeliveryKind;
  address_rid: string | undefined;
  /** the pickup day, YYYY-MM-DD ('' none) */
  date: string;
  time: string | undefined;
  coupon_rid: string | undefined;
  invoice_type: number;
  invoice_title_rid: string | undefined;
  contact: string;
  phone: string;
  remark: string;
  /** when it was last saved (ms), so an old draft can be told from a fresh one */
  savedAt: number;
}

const STORAGE_KEY = 'lab.order-drafts';
/** a draft untouched for this long is forgotten (prices, slots and samples have moved on) */
const DRAFT_DAYS = 30;

type Drafts = Record<string, OrderDraft>;

function readStorage(): Drafts {
  if (typeof window === 'undefined') return {};
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    const fresh = Date.now() - DRAFT_DAYS * 86_400_000;
    return Object.fromEntries(Object.entries(parsed as Drafts).filter(([, d]) => d && typeof d === 'object' && typeof d.savedAt === 'number' && d.savedAt > fresh));
  } catch {
    return {};
  }
}

function writeStorage(drafts: Drafts) {
  try {
    if (Object.keys(drafts).length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(drafts));
  } catch {
    // storage full or refused (private mode): the draft lives as long as the tab
  }
}

const store = defineStore<{ drafts: Drafts }>(() => ({ drafts: readStorage() }));
onResetStores(() => store.setState({ drafts: {} }, true));

export const orderDrafts = {
  /** The member's draft, if any. */
  get: (memberRid: string): OrderDraft | undefined => store.getState().drafts[memberRid] ?? readStorage()[memberRid],
  /** Keep the member's draft; lines not on the form now are kept too (another selection may bring them back). */
  save: (memberRid: string, draft: Omit<OrderDraft, 'savedAt'>) => {
    const before = store.getState().drafts[memberRid];
    const drafts = { ...readStorage(), ...store.getState().drafts, [memberRid]: { ...draft, lines: { ...before?.lines, ...draft.lines }, savedAt: Date.now() } };
    store.setState({ drafts });
    writeStorage(drafts);
  },
  /** After the order is submitted: the member's draft is gone. */
  clear: (memberRid: string) => {
    const { [memberRid]: _gone, ...rest } = { ...readStorage(), ...store.getState().drafts };
    store.setState({ drafts: rest });
    writeStorage(rest);
  },
};
