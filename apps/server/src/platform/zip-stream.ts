import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';

/**
 * A ZIP written as it is read (fflate's streaming `Zip`, entries stored as they are: reports and
 * PDFs are compressed already). One entry is read at a time, each chunk is hashed and handed on as
 * soon as the client takes it: the archive is never in memory, and a slow client holds the reading.
 * After the entries come the ones `closing` makes from what was streamed (a manifest of the hashes).
 */
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface ZipSource {
  /** the name in the archive (folders with '/') */
  name: string;
  /** the bytes, opened when their turn comes */
  open: () => Promise<AsyncIterable<Uint8Array>>;
}

export interface ZippedFile {
  name: string;
  bytes: number;
  sha256: string;
}

/** An entry whose bytes could not be read after the response began: its name and why. */
export interface ZipFailure {
  name: string;
  reason: string;
}

/** The entry a ZIP cut short ends with: which files are missing or incomplete and why, so nobody takes it for whole. */
export const ZIP_FAILURE_ENTRY = '错误-打包未完成.txt';

/**
 * `onFailure`: a source that cannot be opened or read once streaming began (the response's status is
 * gone) is logged through it; its entry, if started, is closed as it stands, the rest goes on, and the
 * archive ends with ZIP_FAILURE_ENTRY naming every such file — never a ZIP cut silently.
 */
export function zipStream(
  sources: ZipSource[],
  closing: (files: ZippedFile[], failed: ZipFailure[]) => { name: string; text: string }[],
  mtime: Date,
  onFailure: (failure: ZipFailure, error: unknown) => void = () => {},
): Readable {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (out.length > 0) yield out.shift()!;
  };
  const entry = (name: string) => {
    const file = new ZipPassThrough(name);
    file.mtime = mtime;
    // made on Unix, UTF-8 names (bit 11, which fflate sets): unzip then reads Chinese names as they are instead of as a DOS code page
    file.os = 3;
    file.attrs = 0o100644 << 16;
    zip.add(file);
    return file;
  };
  async function* chunks() {
    const files: ZippedFile[] = [];
    const failed: ZipFailure[] = [];
    for (const source of sources) {
      let file: ZipPassThrough | null = null;
      const hash = crypto.createHash('sha256');
      let bytes = 0;
      try {
        const body = await source.open();
        file = entry(source.name);
        for await (const chunk of body) {
          hash.update(chunk);
          bytes += chunk.length;
          file.push(chunk);
          yield* drain();
        }
        file.push(new Uint8Array(0), true);
        yield* drain();
        files.push({ name: source.name, bytes, sha256: hash.digest('hex') });
      } catch (error) {
        if (failure) throw failure;
        const failedOne = { name: source.name, reason: file ? `读取中断（已写入 ${bytes} 字节，文件不完整）：${reasonOf(error)}` : `无法读取：${reasonOf(error)}` };
        failed.push(failedOne);
        onFailure(failedOne, error);
        file?.push(new Uint8Array(0), true);
        yield* drain();
      }
    }
    if (failed.length > 0) {
      const text = ['本压缩包未能完整生成，以下文件缺失或不完整，请勿作为报销材料提交，稍后重新下载或联系实验室：', ...failed.map((f, i) => `${i + 1}. ${f.name}：${f.reason}`), ''].join('\n');
      const file = entry(ZIP_FAILURE_ENTRY);
      file.push(Buffer.from(text, 'utf8'), true);
      yield* drain();
    }
    for (const extra of closing(files, failed)) {
      const file = entry(extra.name);
      file.push(Buffer.from(extra.text, 'utf8'), true);
      yield* drain();
    }
    zip.end();
    yield* drain();
  }
  return Readable.from(chunks(), { objectMode: false });
}
