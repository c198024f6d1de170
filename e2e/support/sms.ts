import { expect, type APIRequestContext } from '@playwright/test';

interface OutboxRow {
  recipient: string;
  body: string;
  params: { code?: string | number };
  createdAt: string;
}

/**
 * The code a phone "received" from the local SMS provider. The throwaway e2e server
 * (E2E_OUTBOX=1) lists the outbox newest first at GET /api/test/outbox?phone=….
 * `skip`: how many messages the phone had before this one, so an older code is not taken.
 */
export async function readSmsCode(request: APIRequestContext, phone: string, { skip = 0 } = {}): Promise<string> {
  let code: string | undefined;
  // waits for the message itself, as long as a busy machine needs (the provider writes it as the request is answered)
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/test/outbox?phone=${encodeURIComponent(phone)}`);
        if (!response.ok()) return undefined;
        const envelope = (await response.json()) as { code: number; data: OutboxRow[] };
        const newest = envelope.data[0];
        if (envelope.code === 1 && envelope.data.length > skip && newest?.params.code !== undefined) code = String(newest.params.code);
        return code;
      },
      { message: `an SMS code for ${phone}`, timeout: 30_000 },
    )
    .toBeDefined();
  return code!;
}

/** A phone no other test uses (the server allows one code a minute per phone). */
export function randomPhone(): string {
  return `13900${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
}
