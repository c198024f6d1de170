import path from 'node:path';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { randomToken } from './crypto';
import type { FileStore } from './providers/file-store';
import { AppError, badRequest, notFound } from './errors';
import { hasUnstorableText, nulMessage } from './error-handler';

/**
 * Uploaded documents (transfer receipts, e-invoices, reports, signed agreements, requirement
 * attachments) in the file store (platform/providers/file-store.ts: local disk under dataDir/files/<folder>,
 * or an S3 bucket), with names the server chooses;
 * the type is read from the content (png, jpeg, pdf, zip magic bytes), never from the
 * client's name or header. Zip covers data archives and Office files (xlsx, docx).
 */
export type StoredKind = 'receipts' | 'invoices' | 'reports' | 'protocols' | 'requirements' | 'contracts' | 'images' | 'documents';
const types = [
  { type: 'image/png', ext: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', ext: 'jpg', magic: [0xff, 0xd8, 0xff] },
  { type: 'application/pdf', ext: 'pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'application/zip', ext: 'zip', magic: [0x50, 0x4b, 0x03, 0x04] },
  // RIFF....WEBP: bytes 4–7 are the size, so they match anything
  { type: 'image/webp', ext: 'webp', magic: [0x52, 0x49, 0x46, 0x46, -1, -1, -1, -1, 0x57, 0x45, 0x42, 0x50] },
] as const;
/** what upload specs may accept: the stored types above, and the spreadsheets read and never stored (sniffSheet) */
export type SniffedExt = (typeof types)[number]['ext'] | 'xlsx' | 'csv';

export function sniffType(buffer: Buffer) {
  return types.find((t) => t.magic.every((byte, i) => byte === -1 ? buffer.length > i : buffer[i] === byte)) ?? null;
}

const zipMagic = [0x50, 0x4b, 0x03, 0x04];

/**
 * A spreadsheet told by its content (a bank statement): xlsx is a zip holding xl/workbook.xml
 * (its name is in the zip's directory, uncompressed); csv is text — UTF-8 or GB18030, no NUL,
 * not markup — whose first two lines have two or more comma-separated fields. Anything else: null.
 */
export function sniffSheet(buffer: Buffer): 'xlsx' | 'csv' | null {
  if (zipMagic.every((byte, i) => buffer[i] === byte)) return buffer.includes('xl/workbook.xml') ? 'xlsx' : null;
  const head = buffer.subarray(0, 4096);
  if (head.length === 0 || head.includes(0)) return null;
  const decoded = [new TextDecoder('utf-8', { fatal: true }), new TextDecoder('gb18030', { fatal: true })].map((decoder) => {
    try {
      // a multi-byte character cut at 4096 bytes is not a reason to refuse the file
      return decoder.decode(buffer.length > 4096 ? head.subarray(0, 4000) : head);
    } catch {
      return null;
    }
  });
  const sample = (decoded[0] ?? decoded[1])?.replace(/^\uFEFF/, '').trimStart();
  if (!sample || sample.startsWith('<')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000e-\u001f]/.test(sample)) return null;
  // a table: a header and a row at least, each of two or more fields
  const rows = sample.split(/\r?\n/).filter((line) => line.trim() !== '').slice(0, 2);
  return rows.length === 2 && rows.every((line) => line.split(',').length >= 2) ? 'csv' : null;
}

const storedName = /^[\w-]{20,60}\.(png|jpg|pdf|zip|webp)$/;

/**
 * What one upload route accepts: where it stores, how big, which types (by content) and its
 * text fields, judged like a body. The route declares it as `config.upload` and hands the same
 * object to readUpload, so the access-control suite finds every upload route in the route table
 * and tries its cap, its types and its fields.
 */
export interface UploadSpec<F extends z.ZodType = z.ZodType> {
  kind: StoredKind;
  maxBytes: number;
  types: readonly SniffedExt[];
  fields: F;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a multipart upload route: what it accepts (platform/files.ts) */
    upload?: UploadSpec;
  }
}

export const uploadSpec = <F extends z.ZodType>(spec: UploadSpec<F>): UploadSpec<F> => spec;

/**
 * The name the client gave its file, for display and the audit log only (it never names
 * anything on disk): its last path segment, without control characters (PostgreSQL cannot
 * store a NUL), at most 200 characters with the extension kept; null when nothing is left.
 */
export function clientFileName(raw: string | null | undefined): string | null {
  const last = String(raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!cleaned) return null;
  const chars = [...cleaned];
  if (chars.length <= 200) return cleaned;
  const ext = path.extname(cleaned).slice(0, 10);
  return chars.slice(0, 200 - ext.length).join('') + ext;
}

export interface Upload<F extends z.ZodType = z.ZodType> {
  fields: z.infer<F>;
  file: Buffer | null;
  filename: string | null;
}
/** A request's form once read: the stream can be read only once, and an audited route reads it before its transaction (platform/audit.ts). */
const readForms = new WeakMap<FastifyRequest, Upload>();

/** Reads a multipart form: its text fields (checked by the spec, first problem only) and the one file. */
export async function readUpload<F extends z.ZodType>(request: FastifyRequest, spec: UploadSpec<F>): Promise<Upload<F>> {
  // a route that reads an upload it does not declare would escape the upload tests
  if (request.routeOptions.config.upload !== spec) throw new Error(`${request.routeOptions.url}: config.upload must be the spec the route reads`);
  const known = readForms.get(request);
  if (known) return known as Upload<F>;
  if (!request.isMultipart()) throw badRequest('请以表单方式上传文件');
  const raw: Record<string, string> = {};
  let file: Buffer | null = null;
  let filename: string | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: spec.maxBytes, files: 1, fields: 10, fieldSize: 1000 } })) {
      if (part.type === 'file') {
        file = await part.toBuffer();
        filename = clientFileName(part.filename);
      }
      else if (typeof part.value === 'string') raw[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('BAD_REQUEST', `文件不能超过${spec.maxBytes / 1024 / 1024}MB`, { status: 413 });
    if (code === 'FST_FILES_LIMIT') throw badRequest('一次只能上传一个文件');
    // a form the parser cannot read (no boundary, cut off, malformed) is the client's, not a 500
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw badRequest('上传的表单格式不正确');
  }
  // busboy decodes a field's bytes that are not UTF-8 into U+FFFD without a word and keeps no
  // raw bytes: a U+FFFD in a field is refused as the JSON and form parsers refuse the bytes
  // (platform/request-text.ts). A browser sends the character itself only from text already garbled.
  if (hasUnstorableText(raw) || Object.values(raw).some((value) => value.includes('\uFFFD'))) throw badRequest(nulMessage);
  const parsed = spec.fields.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '请求参数有误');
  const upload: Upload<F> = { fields: parsed.data, file, filename };
  readForms.set(request, upload);
  return upload;
}

/** A stored file: its store, folder and name. */
interface StoredRef {
  store: FileStore;
  kind: StoredKind;
  name: string;
}

/**
 * The files of the request transaction running in the current async context (an audited route's,
 * platform/audit.ts): those `saveFile` stored, removed if it fails, and those the change no longer
 * points at, removed once it committed.
 */
const fileScope = new AsyncLocalStorage<{ saved: StoredRef[]; replaced: StoredRef[] }>();

const removeAll = (files: StoredRef[]) => Promise.all(files.map((file) => file.store.remove(file.kind, file.name)));

/**
 * Runs `work` (a transaction, resolved once committed) and settles its files: if it fails, every
 * file `saveFile` stored during it is removed (a row the database refused or rolled back leaves
 * no file behind); if it succeeds, the files it replaced (`removeAfterCommit`) are removed.
 */
export async function removingFilesOnFailure<T>(work: () => Promise<T>): Promise<T> {
  const scope = { saved: [] as StoredRef[], replaced: [] as StoredRef[] };
  let result: T;
  try {
    result = await fileScope.run(scope, work);
  } catch (error) {
    await removeAll(scope.saved);
    throw error;
  }
  await removeAll(scope.replaced);
  return result;
}

const allowedText: Record<SniffedExt, string> = { png: 'PNG', jpg: 'JPG', pdf: 'PDF', zip: 'ZIP', webp: 'WEBP', xlsx: 'XLSX', csv: 'CSV' };

/** Saves an upload under a random name; `allow` lists the types this upload accepts (default images and PDF). */
export async function saveFile(
  store: FileStore,
  kind: StoredKind,
  buffer: Buffer | null,
  allow: readonly SniffedExt[] = ['png', 'jpg', 'pdf'],
): Promise<{ name: string; type: string; size: number }> {
  if (!buffer || buffer.length === 0) throw badRequest('[文件]不能为空');
  const sniffed = sniffType(buffer);
  if (!sniffed || !allow.includes(sniffed.ext)) {
    throw badRequest(allow.join() === 'png,jpg,pdf' ? '仅支持 PNG、JPG 图片或 PDF 文件' : `仅支持 ${allow.map((a) => allowedText[a]).join('、')} 文件`);
  }
  const name = `${randomToken()}.${sniffed.ext}`;
  await store.put(kind, name, buffer, sniffed.type);
  fileScope.getStore()?.saved.push({ store, kind, name });
  return { name, type: sniffed.type, size: buffer.length };
}

/** Removes a stored file by the name the server gave it (anything else is ignored). */
export async function removeStoredFile(store: FileStore, kind: StoredKind, name: string | null | undefined): Promise<void> {
  if (!name || !storedName.test(name)) return;
  await store.remove(kind, name);
}

/**
 * Removes a stored file no row points at any more, once that change is final: at once after a
 * service's own committed transaction, or, inside a request transaction (an audited route), when
 * that one has committed — never when it rolls back.
 */
export async function removeAfterCommit(store: FileStore, kind: StoredKind, name: string | null | undefined): Promise<void> {
  if (!name || !storedName.test(name)) return;
  const scope = fileScope.getStore();
  if (scope) scope.replaced.push({ store, kind, name });
  else await removeStoredFile(store, kind, name);
}

export type StoredUpload = Awaited<ReturnType<typeof saveFile>>;

/** What the database change that records an upload answers: its result, and the stored names the row no longer points at. */
export interface Recorded<T> {
  value: T;
  replaced: string | null | undefined;
}

/**
 * Stores an upload and records it with `record` (the database change that points a row at it).
 * Then the files are settled: a change that threw (refused, or rolled back) leaves no new file
 * behind and the old one untouched; a change that committed removes the file it replaced
 * (removeAfterCommit: inside an audited route's transaction, once that committed), so
 * re-uploading a receipt ten times keeps one file, and a download never finds its row pointing
 * at a removed file.
 */
export async function storeUpload<T>(store: FileStore, spec: UploadSpec, buffer: Buffer | null, record: (stored: StoredUpload) => Promise<Recorded<T>>): Promise<T> {
  const stored = await saveFile(store, spec.kind, buffer, spec.types);
  let recorded: Recorded<T>;
  try {
    recorded = await record(stored);
  } catch (error) {
    await removeStoredFile(store, spec.kind, stored.name);
    throw error;
  }
  if (recorded.replaced !== stored.name) await removeAfterCommit(store, spec.kind, recorded.replaced);
  return recorded.value;
}

export async function sendFile(reply: FastifyReply, store: FileStore, kind: StoredKind, file: { name: string; type: string }, downloadName: string) {
  if (!storedName.test(file.name)) throw notFound('文件');
  const opened = await store.open(kind, file.name);
  if (!opened) throw notFound('文件');
  const ext = path.extname(file.name);
  if (opened.size !== null) reply.header('content-length', opened.size);
  return reply
    .type(file.type)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="file${ext}"; filename*=UTF-8''${encodeURIComponent(downloadName + ext)}`)
    .send(opened.body);
}
