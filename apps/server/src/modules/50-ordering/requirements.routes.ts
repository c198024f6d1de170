import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  adminQuoteBody,
  adminRequirementCloseBody,
  contractListBody,
  contractRidBody,
  orderNoBody,
  requiredText,
  requirementAddBody,
  requirementListBody,
  requirementRidBody,
  type AdminContract,
} from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { audit, auditInput } from '../../platform/audit';
import { randomToken } from '../../platform/crypto';
import { ok } from '../../platform/envelope';
import { requireMemberId, requireStaff } from '../10-accounts/auth-guard';
import { readUpload, sendFile, storeUpload, uploadSpec } from '../../platform/files';
import { agreementCsp } from './agreement';
import {
  CONTRACT_FILE_MAX_BYTES,
  addLabContract,
  adminContractFile,
  adminListContracts,
  confirmContract,
  contractDownload,
  findMemberByRid,
  findOwnContract,
  listContracts,
  listOrderContracts,
  signedFileOf,
  uploadOrderProtocol,
  uploadSigned,
} from './contracts.service';
import { findMemberOrder } from './order-core';
import { contractAudit, requirementAudit } from './requirements.audit';
import {
  REQUIREMENT_FILE_MAX_BYTES,
  REQUIREMENT_FILE_TYPES,
  acceptQuote,
  addRequirement,
  adminListRequirements,
  adminRequirementFile,
  attachRequirementFile,
  cancelRequirement,
  closeRequirement,
  downloadBaseName,
  findOwnRequirement,
  getRequirement,
  listRequirements,
  quoteRequirement,
  requirementFileOf,
} from './requirements.service';

const sales = { roles: ['sales'] as const };
const salesReads = { ...sales, readOnly: true };
const byRid = (body: { rid: string }) => body.rid;
const requirementFileQuery = z.object({ rid: requiredText('需求编号', 40), id: requiredText('附件编号', 40) });
const contractQuery = z.object({ rid: requiredText('合同编号', 40) });
/** staff contract/add (multipart fields) */
const labContractFields = z.object({ member_rid: requiredText('客户', 40), title: requiredText('合同名称', 100) });
const requirementUpload = uploadSpec({ kind: 'requirements', maxBytes: REQUIREMENT_FILE_MAX_BYTES, types: REQUIREMENT_FILE_TYPES, fields: requirementRidBody });
const signedContractUpload = uploadSpec({ kind: 'protocols', maxBytes: CONTRACT_FILE_MAX_BYTES, types: ['png', 'jpg', 'pdf'], fields: contractRidBody });
const orderProtocolUpload = uploadSpec({ kind: 'protocols', maxBytes: CONTRACT_FILE_MAX_BYTES, types: ['png', 'jpg', 'pdf'], fields: orderNoBody });
const labContractUpload = uploadSpec({ kind: 'contracts', maxBytes: CONTRACT_FILE_MAX_BYTES, types: ['pdf', 'png', 'jpg', 'zip'], fields: labContractFields });

/**
 * Requirements and quotes (demand/…), contracts and agreements (contract/…, order/…ProtocolFile):
 * members under /api/auth, sales under /api/admin/demand and /api/admin/contract.
 */
export async function requirementsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => clock.now();
  const notice = { sms: deps.sms, email: deps.email, log: app.log };
  // ---- requirements (member) ----
  r.post('/api/auth/demand/add', { schema: { body: requirementAddBody } }, async (request) =>
    ok(await addRequirement(db, requireMemberId(request), request.body, now()), '需求已提交，我们会尽快联系您'),
  );
  r.post('/api/auth/demand/list', { schema: { body: requirementListBody } }, async (request) => ok(await listRequirements(db, requireMemberId(request), request.body)));
  r.post('/api/auth/demand/detail', { schema: { body: requirementRidBody } }, async (request) => ok(await getRequirement(db, requireMemberId(request), request.body.rid)));
  r.post('/api/auth/demand/accept', { schema: { body: requirementRidBody } }, async (request) =>
    ok(await acceptQuote(db, requireMemberId(request), request.body.rid, now()), '报价已加入实验计划'),
  );
  r.post('/api/auth/demand/cancel', { schema: { body: requirementRidBody } }, async (request) =>
    ok(await cancelRequirement(db, requireMemberId(request), request.body.rid, now()), '需求已撤回'),
  );
  r.get('/api/auth/demand/file', { schema: { querystring: requirementFileQuery } }, async (request, reply) => {
    const file = await requirementFileOf(db, requireMemberId(request), request.query.rid, request.query.id);
    return sendFile(reply, config.dataDir, 'requirements', { name: file.storedName, type: file.type }, downloadBaseName(file.name));
  });

  // ---- requirements (sales) ----
  r.post('/api/admin/demand/list', { schema: { body: requirementListBody }, config: salesReads }, async (request) => ok(await adminListRequirements(db, request.body)));
  r.post(
    '/api/admin/demand/quote',
    { schema: { body: adminQuoteBody }, config: { ...sales, audit: audit(requirementAudit, 'demand.quote', '测试需求报价', byRid) } },
    async (request) => ok(await quoteRequirement(request.db, notice, requireStaff(request).id, request.body, now()), '报价已发送'),
  );
  r.post(
    '/api/admin/demand/close',
    { schema: { body: adminRequirementCloseBody }, config: { ...sales, audit: audit(requirementAudit, 'demand.close', '关闭测试需求', byRid) } },
    async (request) => {
      requireStaff(request);
      return ok(await closeRequirement(request.db, notice, request.body.rid, request.body.reason, now()), '需求已关闭');
    },
  );
  r.get('/api/admin/demand/file', { schema: { querystring: requirementFileQuery }, config: salesReads }, async (request, reply) => {
    const file = await adminRequirementFile(db, request.query.rid, request.query.id);
    return sendFile(reply, config.dataDir, 'requirements', { name: file.storedName, type: file.type }, downloadBaseName(file.name));
  });

  // ---- contracts and agreements (member) ----
  r.post('/api/auth/contract/list', { schema: { body: contractListBody } }, async (request) => ok(await listContracts(db, requireMemberId(request), request.body)));
  r.get('/api/auth/contract/download', { schema: { querystring: contractQuery } }, async (request, reply) => {
    const nonce = randomToken();
    const result = await contractDownload(db, requireMemberId(request), request.query.rid, nonce, now());
    if (result.kind === 'file') return sendFile(reply, config.dataDir, 'contracts', result.file, result.downloadName);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', agreementCsp(nonce))
      .header('content-disposition', `attachment; filename="agreement.html"; filename*=UTF-8''${encodeURIComponent(result.downloadName)}`)
      .send(result.html);
  });
  r.get('/api/auth/contract/signed', { schema: { querystring: contractQuery } }, async (request, reply) => {
    const signed = await signedFileOf(db, requireMemberId(request), request.query.rid);
    return sendFile(reply, config.dataDir, 'protocols', signed.file, signed.downloadName);
  });
  r.post('/api/auth/order/listProtocolFile', { schema: { body: orderNoBody } }, async (request) =>
    ok(await listOrderContracts(db, requireMemberId(request), request.body.order_no)),
  );

  // ---- contracts (sales) ----
  r.post('/api/admin/contract/list', { schema: { body: contractListBody }, config: salesReads }, async (request) => ok(await adminListContracts(db, request.body)));
  r.post(
    '/api/admin/contract/confirm',
    { schema: { body: contractRidBody }, config: { ...sales, audit: audit(contractAudit, 'contract.confirm', '确认合同签署件', byRid) } },
    async (request) => {
      requireStaff(request);
      return ok(await confirmContract(request.db, request.body.rid, now()), '合同已确认生效');
    },
  );
  r.get('/api/admin/contract/file', { schema: { querystring: contractQuery }, config: salesReads }, async (request, reply) => {
    const lab = await adminContractFile(db, request.query.rid);
    return sendFile(reply, config.dataDir, 'contracts', lab.file, lab.downloadName);
  });
  r.get('/api/admin/contract/signed', { schema: { querystring: contractQuery }, config: salesReads }, async (request, reply) => {
    const signed = await signedFileOf(db, null, request.query.rid);
    return sendFile(reply, config.dataDir, 'protocols', signed.file, signed.downloadName);
  });

  // ---- uploads (multipart, in their own scope) ----
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: REQUIREMENT_FILE_MAX_BYTES, files: 1 } });

    scope.post('/api/auth/demand/file', { config: { upload: requirementUpload } }, async (request) => {
      const memberId = requireMemberId(request);
      const { fields, file, filename } = await readUpload(request, requirementUpload);
      const { rid } = fields;
      await findOwnRequirement(db, memberId, rid);
      const requirement = await storeUpload(config.dataDir, requirementUpload, file, async (stored) => ({ value: await attachRequirementFile(db, memberId, rid, stored, filename, now()), replaced: null }));
      return ok(requirement, '附件已上传');
    });

    scope.post('/api/auth/contract/upload', { config: { upload: signedContractUpload } }, async (request) => {
      const memberId = requireMemberId(request);
      const { fields, file } = await readUpload(request, signedContractUpload);
      const { rid } = fields;
      await findOwnContract(db, memberId, rid);
      return ok(await storeUpload(config.dataDir, signedContractUpload, file, (stored) => uploadSigned(db, memberId, rid, stored, now())), '签署件已上传，等待确认');
    });

    scope.post('/api/auth/order/updateProtocolFile', { config: { upload: orderProtocolUpload } }, async (request) => {
      const memberId = requireMemberId(request);
      const { fields, file } = await readUpload(request, orderProtocolUpload);
      const { order_no } = fields;
      await findMemberOrder(db, memberId, order_no);
      return ok(await storeUpload(config.dataDir, orderProtocolUpload, file, (stored) => uploadOrderProtocol(db, memberId, order_no, stored, now())), '签署件已上传，等待确认');
    });

    scope.post(
      '/api/admin/contract/add',
      { config: { ...sales, upload: labContractUpload, audit: audit<unknown, AdminContract>(contractAudit, 'contract.add', '发送合同', null, (data) => data.rid) } },
      async (request) => {
        requireStaff(request);
        const { fields: body, file, filename } = await readUpload(request, labContractUpload);
        // multipart fields are read here, not before the handler: the log keeps them with the file's name
        if (request.auditState) request.auditState.input = auditInput({ ...body, file: filename });
        const person = await findMemberByRid(request.db, body.member_rid);
        const contract = await storeUpload(config.dataDir, labContractUpload, file, async (stored) => ({ value: await addLabContract(request.db, notice, person.id, body.title, stored, now()), replaced: null }));
        return ok(contract, '合同已发送给客户');
      },
    );
  });
}
