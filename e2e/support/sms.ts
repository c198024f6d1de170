import type { APIRequestContext } from '@playwright/test';

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
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await request.get(`/api/test/outbox?phone=${encodeURIComponent(phone)}`);
    if (response.ok()) {
      const envelope = (await response.json()) as { code: number; data: OutboxRow[] };
      const newest = envelope.data[0];
      if (envelope.code === 1 && envelope.data.length > skip && newest?.params.code !== undefined) return String(newest.params.code);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no SMS code arrived for ${phone}`);
}

/** A phone no other test uses (the server allows one code a minute per phone). */
export function randomPhone(): string {
  return `13900${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
}
