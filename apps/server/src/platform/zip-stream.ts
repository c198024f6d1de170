import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';

/**
 * A ZIP written as it is read (fflate's streaming `Zip`, entries stored as they are: reports and
 * PDFs are compressed already). One entry is read at a time, each chunk is hashed and handed on as
 * soon as the client takes it: the archive is never in memory, and a slow client holds the reading.
 * After the entries come the ones `closing` makes from what was streamed (a manifest of the hashes).
 */
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

export function zipStream(sources: ZipSource[], closing: (files: ZippedFile[]) => { name: string; text: string }[], mtime: Date): Readable {
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
    for (const source of sources) {
      const file = entry(source.name);
      const hash = crypto.createHash('sha256');
      let bytes = 0;
      for await (const chunk of await source.open()) {
        hash.update(chunk);
        bytes += chunk.length;
        file.push(chunk);
        yield* drain();
      }
      file.push(new Uint8Array(0), true);
      yield* drain();
      files.push({ name: source.name, bytes, sha256: hash.digest('hex') });
    }
    for (const extra of closing(files)) {
      const file = entry(extra.name);
      file.push(Buffer.from(extra.text, 'utf8'), true);
      yield* drain();
    }
    zip.end();
    yield* drain();
  }
  return Readable.from(chunks(), { objectMode: false });
}
