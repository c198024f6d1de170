import { calls } from '@lab/contract/calls';
import { audit } from '../../platform/audit';
import { serve } from '../../platform/calls';
import { vaultFileAudit } from './vault.audit';
import { completeUpload, orderVaultFiles, partDone, partUrl, startUpload, uploadState, vaultOrder, writePart } from './upload.service';

/**
 * 原始数据上传 (实验员). `start` and `complete` are audited (the file registered, the file
 * finished with its hash); the steps between move bytes of the upload `start` named and decide
 * nothing, so they run outside a transaction (a part of 8 MB must not hold PGlite's one
 * connection) and say readOnly, as the audit log would otherwise get a row per part.
 */
export const adminVaultRoutes = serve(calls.adminVault, {
  order: { handler: ({ db, body }) => vaultOrder(db, body.order_no), config: { readOnly: true } },
  files: { handler: ({ db, body }) => orderVaultFiles(db, body.order_no), config: { readOnly: true } },
  start: {
    handler: ({ db, deps, staff, body, now }) => startUpload(db, deps, staff.id, body, now),
    config: { audit: audit(vaultFileAudit, 'vault.upload.start', '登记原始数据文件', null, (data: { rid: string }) => data.rid) },
  },
  resume: { handler: ({ db, deps, body }) => uploadState(db, deps, body.rid), config: { readOnly: true } },
  partUrl: { handler: ({ db, deps, body }) => partUrl(db, deps, body.rid, body.part), config: { readOnly: true } },
  partDone: { handler: ({ db, deps, body }) => partDone(db, deps, body), config: { readOnly: true } },
  part: { handler: ({ db, deps, query, request }) => writePart(db, deps, query, request.raw), config: { readOnly: true } },
  complete: {
    handler: ({ db, deps, body, now }) => completeUpload(db, deps, body, now),
    config: { audit: audit(vaultFileAudit, 'vault.upload.complete', '原始数据上传完成', (body: { rid: string }) => body.rid) },
  },
});
