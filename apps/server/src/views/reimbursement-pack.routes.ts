import { Readable } from 'node:stream';
import { calls } from '@lab/contract/calls';
import { labDay } from '@lab/contract';
import { serve } from '../platform/calls';
import { sha256 } from '../platform/crypto';
import { writeMemberAudit } from '../platform/member-audit';
import { notFound } from '../platform/errors';
import { zipStream } from '../platform/zip-stream';
import { manifestText, packStatus, preparePack } from './reimbursement-pack.service';

/**
 * The reimbursement pack (报销材料, decisions/0050-reimbursement-pack.md): its status and the ZIP,
 * streamed — each stored file read from the file store as its turn comes, hashed on the way, the
 * manifest and SHA256SUMS last. Each download is on the audit log (the member's row) before a byte goes.
 */
export const reimbursementRoutes = serve(calls.reimbursement, {
  status: { handler: ({ db, memberId, body }) => packStatus(db, memberId, body), config: { readOnly: true } },
  pack: async ({ db, memberId, query, now, deps, reply, request }) => {
    const pack = await preparePack(db, { files: deps.files, seal: deps.seal, origin: deps.config.siteOrigin }, memberId, query, now);
    await writeMemberAudit(db, {
      memberId,
      action: 'reimbursement.pack',
      label: '下载报销材料',
      entity: 'reimbursement_pack',
      targetKey: pack.scopeKey,
      input: { ...query },
      after: { template: pack.status.template, orders: pack.status.orders.map((o) => o.orderNo), totalFen: pack.status.totalFen, files: pack.files.map((f) => f.name) },
      ip: request.ip,
      requestId: request.id,
      now,
    });
    const body = zipStream(
      pack.files.map((f) => ({
        name: f.name,
        open: async () => {
          const at = await f.locate();
          if ('bytes' in at) return Readable.from([at.bytes]);
          const opened = await deps.files.open(at.kind, at.storedName);
          if (!opened) throw notFound(`文件 ${f.name}`);
          return opened.body;
        },
      })),
      (zipped, failed) => {
        const manifest = manifestText(pack, zipped, now) + (failed.length ? `\n未完成：${failed.map((f) => `${f.name}（${f.reason}）`).join('；')}\n` : '');
        const sums = [...zipped, { name: 'manifest.txt', sha256: sha256(manifest) }].map((f) => `${f.sha256}  ${f.name}`).join('\n') + '\n';
        return [
          { name: 'manifest.txt', text: manifest },
          { name: 'SHA256SUMS', text: sums },
        ];
      },
      now,
      // the status line is gone once bytes went: the failure is in the ZIP (its error entry) and in the log
      (failure, error) => request.log.error({ err: error, file: failure.name, scope: pack.scopeKey }, 'reimbursement pack: a file failed after streaming began'),
    );
    const fileName = `报销材料-${pack.scopeKey.replace(/[^A-Za-z0-9~-]/g, '')}-${labDay(now)}.zip`;
    return reply
      .type('application/zip')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="pack.zip"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .send(body);
  },
});
