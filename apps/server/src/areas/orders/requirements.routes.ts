import { z } from 'zod';
import { contractRidBody, orderNoBody, requiredText, requirementRidBody, type AdminContract } from '@lab/contract';
import { calls } from '@lab/contract/calls';
import { agreementForSigning, sendAgreementCode, signAgreementOnline, signedAgreementPdf } from './agreement-sign.service';
import { audit, auditInput } from '../../platform/audit';
import { serve } from '../../platform/calls';
import { randomToken } from '../../platform/crypto';
import { readUpload, sendFile, storeUpload, uploadSpec } from '../../platform/files';
import { agreementCsp } from './agreement';
import { addLabContract, adminContractFile, adminListContracts, confirmContract, findMemberByRid } from './contracts-admin.service';
import {
  CONTRACT_FILE_MAX_BYTES,
  contractDownload,
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
  attachRequirementFile,
  cancelRequirement,
  downloadBaseName,
  findOwnRequirement,
  getRequirement,
  listRequirements,
  requirementFileOf,
} from './requirements.service';
import { adminListRequirements, adminRequirementFile, adminRequirementView, closeRequirement, notifyQuoted, quoteRequirement } from './requirements-admin.service';
import { gatedAnswer } from '../approvals';
import { isApprovalFiled } from '@lab/contract';

const byRid = (body: { rid: string }) => body.rid;
/** staff contract/add (multipart fields) */
const labContractFields = z.object({ member_rid: requiredText('客户', 40), title: requiredText('合同名称', 100) });
const requirementUpload = uploadSpec({ kind: 'requirements', maxBytes: REQUIREMENT_FILE_MAX_BYTES, types: REQUIREMENT_FILE_TYPES, fields: requirementRidBody });
const signedContractUpload = uploadSpec({ kind: 'protocols', maxBytes: CONTRACT_FILE_MAX_BYTES, types: ['png', 'jpg', 'pdf'], fields: contractRidBody });
const orderProtocolUpload = uploadSpec({ kind: 'protocols', maxBytes: CONTRACT_FILE_MAX_BYTES, types: ['png', 'jpg', 'pdf'], fields: orderNoBody });
const labContractUpload = uploadSpec({ kind: 'contracts', maxBytes: CONTRACT_FILE_MAX_BYTES, types: ['pdf', 'png', 'jpg', 'zip'], fields: labContractFields });

/** Requirements and quotes (demand/…): the calls of contract/calls/requirements.ts, members and sales. */
export const requirementsRoutes = serve(calls.requirements, {
  add: ({ db, memberId, body, now }) => addRequirement(db, memberId, body, now),
  list: ({ db, memberId, body }) => listRequirements(db, memberId, body),
  detail: ({ db, memberId, body }) => getRequirement(db, memberId, body.rid),
  accept: ({ db, memberId, body, now }) => acceptQuote(db, memberId, body.rid, now),
  cancel: ({ db, memberId, body, now }) => cancelRequirement(db, memberId, body.rid, now),
  uploadFile: {
    config: { upload: requirementUpload },
    handler: async ({ db, memberId, now, deps, request }) => {
      const { fields, file, filename } = await readUpload(request, requirementUpload);
      const { rid } = fields;
      await findOwnRequirement(db, memberId, rid);
      return storeUpload(deps.files, requirementUpload, file, async (stored) => ({ value: await attachRequirementFile(db, memberId, rid, stored, filename, now), replaced: null }));
    },
  },
  file: async ({ db, memberId, query, deps, reply }) => {
    const file = await requirementFileOf(db, memberId, query.rid, query.id);
    return sendFile(reply, deps.files, 'requirements', { name: file.storedName, type: file.type }, downloadBaseName(file.name));
  },
});

/** 测试需求 in the back office (sales). */
export const adminRequirementsRoutes = serve(calls.adminRequirements, {
  list: { config: { readOnly: true }, handler: ({ db, body }) => adminListRequirements(db, body) },
  quote: {
    config: { audit: audit(requirementAudit, 'demand.quote', '测试需求报价', byRid) },
    handler: async ({ db, staff, body, now, deps, request }) => {
      // sealed at once within the sales person's 报价盖章 limits; above them filed for a colleague's approval (approved-quote.ts)
      const quoted = await quoteRequirement(db, { files: deps.files, seal: deps.seal, origin: deps.config.siteOrigin }, { by: staff }, body, now);
      if (isApprovalFiled(quoted)) return gatedAnswer(request, quoted);
      await notifyQuoted(db, { sms: deps.sms, email: deps.email, log: request.log }, quoted.requirement);
      return adminRequirementView(db, quoted.requirement);
    },
  },
  close: {
    config: { audit: audit(requirementAudit, 'demand.close', '关闭测试需求', byRid) },
    handler: ({ db, body, now, deps, request }) => closeRequirement(db, { sms: deps.sms, email: deps.email, log: request.log }, body.rid, body.reason, now),
  },
  file: {
    config: { readOnly: true },
    handler: async ({ db, query, deps, reply }) => {
      const file = await adminRequirementFile(db, query.rid, query.id);
      return sendFile(reply, deps.files, 'requirements', { name: file.storedName, type: file.type }, downloadBaseName(file.name));
    },
  },
});

/** Contracts and agreements (contract/…, order/…ProtocolFile): the member's calls. */
export const contractsRoutes = serve(calls.contracts, {
  list: ({ db, memberId, body }) => listContracts(db, memberId, body),
  download: async ({ db, memberId, query, now, deps, reply }) => {
    const nonce = randomToken();
    const result = await contractDownload(db, memberId, query.rid, nonce, now);
    if (result.kind === 'file') return sendFile(reply, deps.files, 'contracts', result.file, result.downloadName);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', agreementCsp(nonce))
      .header('content-disposition', `attachment; filename="agreement.html"; filename*=UTF-8''${encodeURIComponent(result.downloadName)}`)
      .send(result.html);
  },
  signed: async ({ db, memberId, query, deps, reply }) => {
    const signed = await signedFileOf(db, memberId, query.rid);
    return sendFile(reply, deps.files, 'protocols', signed.file, signed.downloadName);
  },
  upload: {
    config: { upload: signedContractUpload },
    handler: async ({ db, memberId, now, deps, request }) => {
      const { fields, file } = await readUpload(request, signedContractUpload);
      const { rid } = fields;
      await findOwnContract(db, memberId, rid);
      return storeUpload(deps.files, signedContractUpload, file, (stored) => uploadSigned(db, memberId, rid, stored, now));
    },
  },
  orderAgreements: ({ db, memberId, body }) => listOrderContracts(db, memberId, body.order_no),
  agreement: ({ db, memberId, body, now }) => agreementForSigning(db, memberId, body.order_no, now),
  agreementCode: {
    config: { rateLimit: { max: 5, timeWindow: 60_000 } },
    handler: async ({ db, deps, memberId, body, now, request }) => {
      await sendAgreementCode(db, deps.sms, memberId, body.order_no, { now, ip: request.ip });
      return null;
    },
  },
  signAgreement: {
    config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    handler: ({ db, deps, memberId, body, now, request }) =>
      signAgreementOnline(db, { files: deps.files, seal: deps.seal, origin: deps.config.siteOrigin }, memberId, body, { now, ip: request.ip, userAgent: request.headers['user-agent'], requestId: request.id }),
  },
  agreementPdf: async ({ db, memberId, query, deps, reply }) => {
    const row = await signedAgreementPdf(db, memberId, query.order_no);
    return sendFile(reply, deps.files, 'documents', { name: row.storedName, type: 'application/pdf' }, `委托检测服务协议-${query.order_no}-${row.no}`);
  },
  uploadOrderAgreement: {
    config: { upload: orderProtocolUpload },
    handler: async ({ db, memberId, now, deps, request }) => {
      const { fields, file } = await readUpload(request, orderProtocolUpload);
      const { order_no } = fields;
      await findMemberOrder(db, memberId, order_no);
      return storeUpload(deps.files, orderProtocolUpload, file, (stored) => uploadOrderProtocol(db, memberId, order_no, stored, now));
    },
  },
});

/** 合同管理 in the back office (sales). */
export const adminContractsRoutes = serve(calls.adminContracts, {
  list: { config: { readOnly: true }, handler: ({ db, body }) => adminListContracts(db, body) },
  add: {
    config: { upload: labContractUpload, audit: audit<unknown, AdminContract>(contractAudit, 'contract.add', '发送合同', null, (data) => data.rid) },
    handler: async ({ db, now, deps, request }) => {
      const { fields: body, file, filename } = await readUpload(request, labContractUpload);
      // multipart fields are read here, not before the handler: the log keeps them with the file's name
      if (request.auditState) request.auditState.input = auditInput({ ...body, file: filename });
      const person = await findMemberByRid(db, body.member_rid);
      const notice = { sms: deps.sms, email: deps.email, log: request.log };
      return storeUpload(deps.files, labContractUpload, file, async (stored) => ({ value: await addLabContract(db, notice, person.id, body.title, stored, now), replaced: null }));
    },
  },
  confirm: {
    config: { audit: audit(contractAudit, 'contract.confirm', '确认合同签署件', byRid) },
    handler: ({ db, body, now }) => confirmContract(db, body.rid, now),
  },
  file: {
    config: { readOnly: true },
    handler: async ({ db, query, deps, reply }) => {
      const lab = await adminContractFile(db, query.rid);
      return sendFile(reply, deps.files, 'contracts', lab.file, lab.downloadName);
    },
  },
  signed: {
    config: { readOnly: true },
    handler: async ({ db, query, deps, reply }) => {
      const signed = await signedFileOf(db, null, query.rid);
      return sendFile(reply, deps.files, 'protocols', signed.file, signed.downloadName);
    },
  },
});
