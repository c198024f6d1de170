import { isApprovalFiled, type ApprovalAction, type ApprovalFiled } from '@lab/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { EmailProvider, SmsProvider } from '../../platform/messaging';
import type { DocumentSeal } from '../../platform/providers/document-seal';
import type { FileStore } from '../../platform/providers/file-store';
import type { Acting } from './approval-gate';

/**
 * What books an approved request. Approvals sits below the areas whose actions it holds (funds,
 * orders, growth: docs/architecture.md), so each of them registers the booker of its actions
 * here at app start (src/area-hooks.ts) instead of approvals importing them. A booker books the
 * filed payload with the service that books the action alone, inside the approval's transaction.
 */

/**
 * The notices' channels, for what goes out once the booking committed (a cancellation's SMS), and
 * what a booking that seals a document needs (an approved 报价单: the file store, the seal, the
 * site's origin for its QR code).
 */
export interface ApprovalChannels {
  sms: SmsProvider;
  email: EmailProvider;
  log?: Pick<FastifyBaseLogger, 'error'>;
  documents: { files: FileStore; seal: DocumentSeal; origin: string };
}

export interface ApprovedRequest {
  db: Db;
  tx: Tx;
  channels: ApprovalChannels;
  /** the maker, approved by the checker */
  acting: Acting;
  /** the request's payload as the maker sent it */
  payload: Record<string, unknown>;
  now: Date;
}

export interface Booking {
  /** what was booked: a coupon, a template, an order, a ledger reference */
  key: string;
  /** notices that go out once the booking committed */
  afterCommit?: () => Promise<unknown>;
}

export type ApprovalBooker = (request: ApprovedRequest) => Promise<Booking>;

const bookers = new Map<ApprovalAction, ApprovalBooker>();

/** Registers the booker of one filed action (registering again replaces it: idempotent). */
export function onApproved(action: ApprovalAction, book: ApprovalBooker): void {
  bookers.set(action, book);
}

/** The booker of an action; none registered is a wiring fault (src/area-hooks.ts). */
export function bookerOf(action: ApprovalAction): ApprovalBooker {
  const book = bookers.get(action);
  if (!book) throw new AppError('INTERNAL', `审批通过后无法办理：${action} 未登记办理方式`);
  return book;
}

/** An action booked for an approved request never files again; if it did, something is wrong with the pin. */
export function booked<T>(result: T | ApprovalFiled): T {
  if (isApprovalFiled(result)) throw new AppError('INTERNAL', '审批后仍需审批，无法办理');
  return result;
}
