import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { OutboxEntry, Page } from '@lab/contract';
import { call, createTestContext, uniquePhone, type TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { auditLog, outbox } from '../../db/schema';
import { dispatchOutboxRow, localQueuedProviders, queuedSmsProvider, type Deliverers } from '../../platform/outbox';
import { failed as refused, sent, type EmailMessage, type SmsMessage } from '../../platform/messaging';

/** A provider that records what it was handed, and refuses while `down` is set. */
function recordingDeliverers() {
  const state = { down: false, refuse: new Set<string>(), sms: [] as SmsMessage[], email: [] as EmailMessage[] };
  const deliverers: Deliverers = {
    sms: {
      name: 'test-sms',
      async send(message) {
        // refused as a vendor refuses: an answer, not an exception
        if (state.down) return refused('test-sms', 'isv.BUSINESS_LIMIT_CONTROL', '短信网关限流');
        if (state.refuse.has(message.phone)) return refused('test-sms', 'isv.MOBILE_NUMBER_ILLEGAL', '号码格式错误');
        state.sms.push(message);
        return sent('test-sms', null);
      },
    },
    email: {
      name: 'test-mail',
      async send(message) {
        // a network failure: thrown
        if (state.down) throw new Error('SMTP 421');
        state.email.push(message);
        return sent('test-mail', null);
      },
    },
  };
  return { state, deliverers };
}

const provider = recordingDeliverers();
let t: TestContext;
let admin: Awaited<ReturnType<typeof makeStaff>>;

beforeAll(async () => {
  t = await createTestContext({ jobs: { deliverers: provider.deliverers } });
  admin = await makeStaff(t.db, 'admin', t.clock.now());
});
afterAll(() => t?.close());

const post = <T = unknown>(url: string, json: Record<string, unknown> = {}) => call<T>(t.app, 'POST', url, { token: admin.token, json });
const rowOf = async (id: number) => (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

describe('dispatching the outbox', () => {
  it('hands a queued SMS to its provider through the job queue: the row becomes sent', async () => {
    const phone = uniquePhone();
    expect((await call(t.app, 'POST', '/api/open/code4sms', { json: { phone, useFor: '0' } })).code).toBe(1);
    const [row] = await t.db.select().from(outbox).where(and(eq(outbox.recipient, phone), eq(outbox.channel, 'sms')));
    expect(row).toMatchObject({ provider: 'test-sms' });
    await expect.poll(async () => (await rowOf(row!.id)).status, { timeout: 20_000 }).toBe('sent');
    expect((await rowOf(row!.id)).attempts).toBe(1);
    expect(provider.state.sms.find((m) => m.phone === phone)?.body).toMatch(/验证码/);
  });

  it('records each failed try, and after the last one the message is a dead letter that staff see and send again', async () => {
    const phone = uniquePhone();
    // queued without a job, so only this test tries it
    await queuedSmsProvider(t.db, null, provider.deliverers.sms).send({ phone, template: 'order_paid', params: { order: 'T1' }, body: '【科研检测】您的订单已付款' });
    const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, phone));
    provider.state.down = true;
    await expect(dispatchOutboxRow(t.db, provider.deliverers, t.clock, row!.id, false)).rejects.toThrow('isv.BUSINESS_LIMIT_CONTROL: 短信网关限流');
    expect(await rowOf(row!.id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'isv.BUSINESS_LIMIT_CONTROL: 短信网关限流' });
    expect(await dispatchOutboxRow(t.db, provider.deliverers, t.clock, row!.id, true)).toBe('failed');
    expect(await rowOf(row!.id)).toMatchObject({ status: 'failed', attempts: 2 });

    const failed = await post<Page<OutboxEntry>>('/api/admin/messages/outbox', { status: 'failed', recipient: phone });
    expect(failed.data.list).toEqual([expect.objectContaining({ id: row!.id, status: 'failed', attempts: 2, lastError: 'isv.BUSINESS_LIMIT_CONTROL: 短信网关限流' })]);

    provider.state.down = false;
    const resent = await post<OutboxEntry>('/api/admin/messages/outbox/resend', { id: row!.id });
    expect(resent).toMatchObject({ code: 1, msg: '已重新排队发送', data: { status: 'queued', lastError: null } });
    const [audit] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'messages.outbox.resend', targetKey: String(row!.id), before: expect.objectContaining({ status: 'failed' }), after: expect.objectContaining({ status: 'queued' }) });
    await expect.poll(async () => (await rowOf(row!.id)).status, { timeout: 20_000 }).toBe('sent');
    expect(provider.state.sms.filter((m) => m.phone === phone)).toHaveLength(1);

    const again = await post('/api/admin/messages/outbox/resend', { id: row!.id });
    expect(again).toMatchObject({ status: 409, msg: '该消息已发送成功，无需重新发送' });
    expect((await post('/api/admin/messages/outbox/resend', { id: 99_999_999 })).status).toBe(404);
  });

  it('a burst is taken in batches; the one message refused is retried alone, the others go once', async () => {
    const phones = Array.from({ length: 8 }, () => uniquePhone());
    provider.state.refuse.add(phones[3]!);
    await t.db.transaction(async (tx) => {
      for (const phone of phones) await t.app.deps.sms.send({ phone, template: 'order_paid', params: {}, body: '批量' }, tx);
    });
    const rows = () => t.db.select().from(outbox).where(inArray(outbox.recipient, phones));
    await expect.poll(async () => (await rows()).filter((r) => r.status === 'sent').length, { timeout: 20_000 }).toBe(7);
    await expect.poll(async () => (await rows()).find((r) => r.recipient === phones[3])?.attempts, { timeout: 20_000 }).toBe(1);
    // waiting for its retry (5–10 s back-off), not a dead letter yet
    expect((await rows()).find((r) => r.recipient === phones[3])).toMatchObject({ status: 'queued', lastError: 'isv.MOBILE_NUMBER_ILLEGAL: 号码格式错误' });
    for (const phone of phones) expect(provider.state.sms.filter((m) => m.phone === phone)).toHaveLength(phone === phones[3] ? 0 : 1);
  });

  it('a message queued for the local provider (the demo seed) is delivered locally even with a vendor configured', async () => {
    const phone = uniquePhone();
    await localQueuedProviders(t.db, t.jobs).sms.send({ phone, template: 'order_paid', params: {}, body: '演示' });
    const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, phone));
    expect(row).toMatchObject({ provider: 'local-outbox' });
    await expect.poll(async () => (await rowOf(row!.id)).status, { timeout: 20_000 }).toBe('sent');
    expect(provider.state.sms.filter((m) => m.phone === phone)).toHaveLength(0);
  });

  it('sends a row once even when its job runs twice', async () => {
    const phone = uniquePhone();
    await queuedSmsProvider(t.db, null, provider.deliverers.sms).send({ phone, template: 'order_paid', params: {}, body: '一次' });
    const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, phone));
    expect(await dispatchOutboxRow(t.db, provider.deliverers, t.clock, row!.id, false)).toBe('sent');
    expect(await dispatchOutboxRow(t.db, provider.deliverers, t.clock, row!.id, false)).toBe('skipped');
    expect(provider.state.sms.filter((m) => m.phone === phone)).toHaveLength(1);
  });
});
