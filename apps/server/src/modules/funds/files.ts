import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RECEIPT_MAX_BYTES } from '@lab/contract';
import { randomToken } from '../../platform/crypto';
import { AppError, badRequest, notFound } from '../../platform/errors';

/**
 * Uploaded money documents (transfer receipts, e-invoices) on local disk under
 * dataDir/files/<folder>, with names the server chooses; the type is read from the content
 * (png, jpeg, pdf magic bytes), never from the client's name or header.
 */
export type StoredKind = 'receipts' | 'invoices';
const types = [
  { type: 'image/png', ext: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', ext: 'jpg', magic: [0xff, 0xd8, 0xff] },
  { type: 'application/pdf', ext: 'pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
] as const;

export function sniffType(buffer: Buffer) {
  return types.find((t) => t.magic.every((byte, i) => buffer[i] === byte)) ?? null;
}

const storedName = /^[\w-]{20,60}\.(png|jpg|pdf)$/;

/** Reads a multipart form: its text fields and the one file (at most 10 MB). */
export async function readUpload(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  if (!request.isMultipart()) throw badRequest('请以表单方式上传文件');
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000 } })) {
      if (part.type === 'file') file = await part.toBuffer();
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('BAD_REQUEST', `文件不能超过${RECEIPT_MAX_BYTES / 1024 / 1024}MB`, { status: 413 });
    if (code === 'FST_FILES_LIMIT') throw badRequest('一次只能上传一个文件');
    throw error;
  }
  return { fields, file };
}

export function saveFile(dataDir: string, kind: StoredKind, buffer: Buffer | null): { name: string; type: string } {
  if (!buffer || buffer.length === 0) throw badRequest('[文件]不能为空');
  const sniffed = sniffType(buffer);
  if (!sniffed) throw badRequest('仅支持 PNG、JPG 图片或 PDF 文件');
  const dir = path.join(dataDir, 'files', kind);
  fs.mkdirSync(dir, { recursive: true });
  const name = `${randomToken()}.${sniffed.ext}`;
  fs.writeFileSync(path.join(dir, name), buffer);
  return { name, type: sniffed.type };
}

export function sendFile(reply: FastifyReply, dataDir: string, kind: StoredKind, file: { name: string; type: string }, downloadName: string) {
  if (!storedName.test(file.name)) throw notFound('文件');
  const full = path.join(dataDir, 'files', kind, file.name);
  if (!fs.existsSync(full)) throw notFound('文件');
  const ext = path.extname(file.name);
  return reply
    .type(file.type)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="file${ext}"; filename*=UTF-8''${encodeURIComponent(downloadName + ext)}`)
    .send(fs.createReadStream(full));
}
