import { createSHA256 } from 'hash-wasm';
import type { VaultUpload } from '@lab/contract';
import { keepStaffSessionFresh, staffSession } from '../../../lib/admin-api';
import { adminVault } from './admin-vault';

export interface UploadMeta {
  orderNo: string;
  sampleCode?: string | undefined;
  instrument: string;
  description?: string | undefined;
}

/** bytes sent so far out of the file's size */
export type Progress = (sent: number) => void;

/** One request carrying a part, with its upload progress; answers the response. */
function sendPart(method: 'PUT' | 'POST', url: string, body: Blob, headers: Record<string, string>, onProgress: (loaded: number) => void): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(xhr);
      let message = `上传失败（${xhr.status}），请重试`;
      try {
        const envelope = JSON.parse(xhr.responseText) as { msg?: string };
        if (envelope.msg) message = envelope.msg;
      } catch {
        // the store's own XML error: the status says enough
      }
      reject(new Error(message));
    };
    xhr.onerror = () => reject(new Error('网络中断，可点击“继续上传”从断点续传'));
    xhr.send(body);
  });
}

/** Parts in flight at once when the browser PUTs them straight to the bucket (S3); through the server they go one by one, in order. */
export const DIRECT_PARTS_AT_ONCE = 4;

/**
 * Sends the parts the server does not have yet (S3: straight to the bucket by presigned URLs,
 * DIRECT_PARTS_AT_ONCE at a time; local store: through the server, in order), hashing the whole
 * file with SHA-256 on the way (hash-wasm, incremental, in the parts' order: one part read into
 * memory at a time), then completes the upload with the hash. A part that fails stops the rest;
 * what was stored is kept for 继续上传.
 */
export async function sendVaultParts(file: File, upload: VaultUpload, onProgress: Progress): Promise<void> {
  const hasher = await createSHA256();
  hasher.init();
  const done = new Set(upload.done);
  const atOnce = upload.direct ? DIRECT_PARTS_AT_ONCE : 1;
  // bytes of finished parts, and of each part on its way
  let finished = 0;
  const moving = new Map<number, number>();
  const report = () => onProgress(finished + [...moving.values()].reduce((sum, loaded) => sum + loaded, 0));
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;

  const send = async (part: number, blob: Blob) => {
    moving.set(part, 0);
    const progress = (loaded: number) => {
      moving.set(part, loaded);
      report();
    };
    if (upload.direct) {
      const { url } = await adminVault.partUrl({ rid: upload.rid, part });
      const xhr = await sendPart('PUT', url, blob, {}, progress);
      await adminVault.partDone({ rid: upload.rid, part, etag: xhr.getResponseHeader('ETag') ?? '' });
    } else {
      await keepStaffSessionFresh();
      const query = new URLSearchParams({ rid: upload.rid, part: String(part) });
      await sendPart('POST', `/api/admin/vault/upload/part?${query.toString()}`, blob, { 'content-type': 'application/octet-stream', token: staffSession.getSession()?.token ?? '' }, progress);
    }
    moving.delete(part);
    finished += blob.size;
    report();
  };

  for (let part = 1; part <= upload.partCount && failure === null; part += 1) {
    const blob = file.slice((part - 1) * upload.partSize, part * upload.partSize);
    // the parts already stored are read for the hash only
    hasher.update(new Uint8Array(await blob.arrayBuffer()));
    if (done.has(part)) {
      finished += blob.size;
      report();
      continue;
    }
    const task: Promise<void> = send(part, blob).then(
      () => void inFlight.delete(task),
      (error: unknown) => {
        inFlight.delete(task);
        failure ??= error;
      },
    );
    inFlight.add(task);
    if (inFlight.size >= atOnce) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  if (failure !== null) throw failure instanceof Error ? failure : new Error(String(failure));
  await adminVault.complete({ rid: upload.rid, sha256: hasher.digest('hex') });
}

export async function startVaultUpload(file: File, meta: UploadMeta): Promise<VaultUpload> {
  return adminVault.start({ order_no: meta.orderNo, sample_code: meta.sampleCode ?? '', instrument: meta.instrument, description: meta.description ?? '', name: file.name, size: file.size });
}
