import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { fdLineWriter, localDeliverers } from '../outbox';

/**
 * Issue 28, fault 13: the local provider answered "sent" once its log line was handed to pino,
 * which writes later; a worker killed meanwhile left rows marked sent whose line never came out
 * (2 of 500). It now answers only when its line is written.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-outbox-local-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the local provider', () => {
  it('answers sent only once its line has been written', async () => {
    const written: string[] = [];
    let release: () => void = () => undefined;
    const held = (line: string) => {
      written.push(line);
      return new Promise<void>((resolve) => (release = resolve));
    };
    const deliverers = localDeliverers(pino({ level: 'info' }, { write: () => undefined }), held);
    let answered = false;
    const sending = deliverers.sms.send({ phone: '13900000001', template: 'verify_code', params: { code: '123456' }, body: '' }).then((result) => ((answered = true), result));
    // everything ready to run has run: the write is still held, so no answer yet
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    expect(JSON.parse(written[0]!)).toMatchObject({ msg: 'sms sent (local outbox)', sms: { phone: '13900000001', template: 'verify_code' } });
    release();
    expect(await sending).toMatchObject({ ok: true, provider: 'local-outbox' });
  });

  it('writes nothing when the app logs above info, as before', async () => {
    const written: string[] = [];
    const deliverers = localDeliverers(pino({ level: 'warn' }), async (line) => void written.push(line));
    await deliverers.email.send({ to: 'a@example.com', template: 't', params: {}, subject: 's', body: 'b' });
    expect(written).toEqual([]);
  });

  it('fdLineWriter: each line is in the file, whole and in order, when its promise resolves', async () => {
    const file = path.join(dir, 'lines.log');
    const fd = fs.openSync(file, 'a');
    try {
      const write = fdLineWriter(fd);
      const lines = Array.from({ length: 50 }, (_, i) => `${JSON.stringify({ i, pad: 'x'.repeat(i * 100) })}\n`);
      await Promise.all(
        lines.map(async (line, i) => {
          await write(line);
          expect(fs.readFileSync(file, 'utf8').split('\n')[i], `line ${i}`).toBe(line.slice(0, -1));
        }),
      );
      expect(fs.readFileSync(file, 'utf8')).toBe(lines.join(''));
    } finally {
      fs.closeSync(fd);
    }
  });
});
