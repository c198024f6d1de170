import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { ZIP_FAILURE_ENTRY, zipStream, type ZipFailure, type ZipSource } from './zip-stream';

/** The streamed ZIP never ends cut silently: a source failing after the first byte is named in the archive and reported. */

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function* bytes(...parts: string[]) {
  for (const part of parts) yield Buffer.from(part);
}
async function* breaksAfter(first: string) {
  yield Buffer.from(first);
  throw new Error('EIO: i/o error, read');
}

describe('zipStream', () => {
  it('streams every entry whole, then the closing entries from their hashes', async () => {
    const sources: ZipSource[] = [
      { name: 'a.txt', open: async () => bytes('hello ', 'world') },
      { name: '目录/b.txt', open: async () => bytes('第二个') },
    ];
    const seen: string[][] = [];
    const zip = await collect(zipStream(sources, (files, failed) => (seen.push([...files.map((f) => f.name), ...failed.map((f) => f.name)]), [{ name: 'SUMS', text: files.map((f) => f.sha256).join('\n') }]), new Date('2026-12-01T00:00:00Z')));
    const entries = unzipSync(new Uint8Array(zip));
    expect(Object.keys(entries)).toEqual(['a.txt', '目录/b.txt', 'SUMS']);
    expect(Buffer.from(entries['a.txt']!).toString()).toBe('hello world');
    expect(seen).toEqual([['a.txt', '目录/b.txt']]);
  });

  it('a file that breaks mid-read or cannot be opened: the rest goes on, the archive ends with an entry naming each, and each is reported', async () => {
    const sources: ZipSource[] = [
      { name: '1-清单.pdf', open: async () => bytes('ok') },
      { name: '4-检测报告.pdf', open: async () => breaksAfter('partial') },
      {
        name: '3-付款证明.pdf',
        open: async () => {
          throw new Error('签章失败');
        },
      },
      { name: '5-检测报告.pdf', open: async () => bytes('last') },
    ];
    const reported: ZipFailure[] = [];
    let closingFailed: ZipFailure[] = [];
    const zip = await collect(
      zipStream(
        sources,
        (files, failed) => {
          closingFailed = failed;
          return [{ name: 'manifest.txt', text: files.map((f) => f.name).join('\n') }];
        },
        new Date('2026-12-01T00:00:00Z'),
        (failure) => reported.push(failure),
      ),
    );
    const entries = unzipSync(new Uint8Array(zip));
    // a valid archive: the cut entry is closed as it stood, the unopened one is absent
    expect(Object.keys(entries)).toEqual(['1-清单.pdf', '4-检测报告.pdf', '5-检测报告.pdf', ZIP_FAILURE_ENTRY, 'manifest.txt']);
    expect(Buffer.from(entries['5-检测报告.pdf']!).toString()).toBe('last');
    const note = Buffer.from(entries[ZIP_FAILURE_ENTRY]!).toString('utf8');
    expect(note).toContain('本压缩包未能完整生成');
    expect(note).toContain('1. 4-检测报告.pdf：读取中断（已写入 7 字节，文件不完整）：EIO: i/o error, read');
    expect(note).toContain('2. 3-付款证明.pdf：无法读取：签章失败');
    expect(reported.map((f) => f.name)).toEqual(['4-检测报告.pdf', '3-付款证明.pdf']);
    expect(closingFailed).toEqual(reported);
    // the manifest lists only the files that are whole
    expect(Buffer.from(entries['manifest.txt']!).toString()).toBe('1-清单.pdf\n5-检测报告.pdf');
  });
});
