import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PackTemplateKey } from '@lab/contract';
import type { reimbursement as table } from '@lab/contract/views/reimbursement-calls';
import routes from 'virtual:calls/reimbursement';
import { bindCalls } from '../../../api/client';
import { downloadFile } from '../../../lib/download';

/** 报销材料: what a pack of an order or an invoice holds, and the ZIP itself. */
export const reimbursement = bindCalls<typeof table>(routes, downloadFile);

/** What the pack is of: one order, one invoice application or one statement period (对账单). */
export type PackScope = { order_no: string } | { invoice_rid: string } | { from: string; to: string };

const scopeKey = (scope: PackScope) => ('order_no' in scope ? `order:${scope.order_no}` : 'invoice_rid' in scope ? `invoice:${scope.invoice_rid}` : `period:${scope.from}~${scope.to}`);

/** POST /api/auth/reimbursement/status — every piece, present or missing, under the template. */
export const usePackStatus = (scope: PackScope, template: PackTemplateKey, enabled = true) =>
  useQuery({ queryKey: ['member', 'reimbursement', scopeKey(scope), template], queryFn: () => reimbursement.status({ ...scope, template }), placeholderData: keepPreviousData, enabled });

/** GET /api/auth/reimbursement/pack — the ZIP (the server refuses with every missing reason). */
export const downloadPack = (scope: PackScope, template: PackTemplateKey) => reimbursement.pack({ ...scope, template }, `报销材料-${scopeKey(scope).replace(/^\w+:/, '')}.zip`);
