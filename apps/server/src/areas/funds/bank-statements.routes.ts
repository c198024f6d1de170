import { z } from 'zod';
import { calls } from '@lab/contract/calls';
import { BANK_STATEMENT_MAX_BYTES, type BankStatementUploaded } from '@lab/contract';
import { serve } from '../../platform/calls';
import { audit } from '../../platform/audit';
import { badRequest } from '../../platform/errors';
import { readUpload, sniffSheet, uploadSpec } from '../../platform/files';
import { gatedAnswer } from '../approvals';
import { confirmBankLine, listBankLines, uploadStatement } from './bank-statements.service';
import { bankStatementAudit, prestoreAudit } from './funds.audit';

/** the statement is read, never stored: `kind` names the folder an upload spec must have */
const statementUpload = uploadSpec({ kind: 'documents', maxBytes: BANK_STATEMENT_MAX_BYTES, types: ['xlsx', 'csv'], fields: z.object({}) });

/** 银行流水对账 (finance): upload a statement, list its lines with proposals, book a line as a 预存申请. */
export const bankStatementRoutes = serve(calls.adminBankStatements, {
  upload: {
    config: { upload: statementUpload, audit: audit<Record<string, string>, BankStatementUploaded>(bankStatementAudit, 'funds.bank.upload', '上传银行流水', null, (data) => data.statement.rid) },
    handler: async ({ db, staff, request, now }) => {
      const { file, filename } = await readUpload(request, statementUpload);
      if (!file || file.length === 0) throw badRequest('[文件]不能为空');
      const kind = sniffSheet(file);
      if (!kind) throw badRequest('仅支持 XLSX、CSV 文件');
      return uploadStatement(db, staff.id, { buffer: file, kind, name: filename ?? `statement.${kind}` }, now);
    },
  },
  lines: { config: { readOnly: true }, handler: ({ db, body }) => listBankLines(db, body) },
  confirm: {
    config: { audit: audit(prestoreAudit, 'funds.bank.confirm', '按银行流水确认预存到账', (body: { rid: string }) => body.rid) },
    handler: async ({ db, staff, body, now, request }) => gatedAnswer(request, await confirmBankLine(db, { by: staff }, body, now)),
  },
});
