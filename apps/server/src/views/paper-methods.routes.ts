import { calls } from '@lab/contract/calls';
import type { FastifyReply } from 'fastify';
import { serve } from '../platform/calls';
import { paperMethodsDocx } from './paper-methods-docx';
import { paperMethodsOf } from './paper-methods.service';
import { paperMethodsText } from './paper-methods-text';

function attachment(reply: FastifyReply, type: string, ext: string, name: string, body: Buffer | string) {
  return reply
    .type(type)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="methods.${ext}"; filename*=UTF-8''${encodeURIComponent(`${name}.${ext}`)}`)
    .send(body);
}

const fileName = (orderNo: string, draft: boolean) => `论文方法与致谢-${orderNo}${draft ? '-草稿' : ''}`;

/** 生成论文方法与致谢 (decisions/0058): the text, and the same as .txt (UTF-8 with BOM, CRLF) and .docx. */
export const paperMethodsRoutes = serve(calls.paperMethods, {
  get: { handler: ({ db, memberId, body }) => paperMethodsOf(db, memberId, body.order_no), config: { readOnly: true } },
  txt: async ({ db, memberId, query, reply }) => {
    const methods = await paperMethodsOf(db, memberId, query.order_no);
    return attachment(reply, 'text/plain; charset=utf-8', 'txt', fileName(methods.orderNo, methods.draft), '\ufeff' + paperMethodsText(methods));
  },
  docx: async ({ db, memberId, query, reply }) => {
    const methods = await paperMethodsOf(db, memberId, query.order_no);
    return attachment(reply, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx', fileName(methods.orderNo, methods.draft), await paperMethodsDocx(methods));
  },
});
