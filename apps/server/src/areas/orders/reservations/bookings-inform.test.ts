import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIT_FREE_SLOT_MESSAGE, WAIT_HELD_MESSAGE, labMinute, type BookingBlock, type Reservation, type Wait } from '@lab/contract';
import type { TestContext } from '../../../../test/harness';
import { makeStaff } from '../../../../test/factories';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import pino from 'pino';
import { auditLog, members, outbox } from '../../../db/schema';
import { dispatchOutboxRow } from '../../../platform/outbox';
import { smtpEmailProvider } from '../../../platform/providers/email-smtp';
import { issueSession } from '../../accounts/sessions.service';
import { creditAccount, ensureAccount } from '../../funds/ledger.service';
import { memberMessages } from '../../messages/member-messages.tables';
import { saveJobSettings } from '../../../platform/job-settings';
import { reservations } from '../orders.tables';
import { runBookingJobs } from './booking-jobs.service';
import { sweepWaits } from './waits.service';
import { MONDAY, NOW, reservationCalls, reservationsSuite } from './reservations.test-helpers';

/** Bookings that inform (0051): the calendar file, confirmation and reminders, the cancel window, the wait list, no-shows. */
let t: TestContext;
let admin: Awaited<ReturnType<typeof makeStaff>>;
const { instrument, member, post, book, activeSlots } = reservationCalls(() => t);
type Person = Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await reservationsSuite();
  admin = await makeStaff(t.db, 'admin', t.clock.now());
});
afterAll(() => t.close());

const channels = () => ({ sms: t.app.deps.sms, email: t.app.deps.email });
const jobs = () => runBookingJobs(t.db, channels(), t.clock.now());
/** a fresh token at the clock's time (the clock moves past a session's life) */
const at = async (who: Person) => ({ ...who, ...(await issueSession(t.db, 'member', who.member.id, { now: t.clock.now() })) });
const settings = (changes: Partial<Record<'booking_cancel_hours' | 'wait_offer_minutes' | 'no_show_limit' | 'no_show_days', number>>) =>
  saveJobSettings(t.db, admin.id, { unpaid_cancel_days: 7, reminder_hour: 9, coupon_reminder_days: 3, raw_data_retention_days: 180, retention_reminder_days: 7, promise_alert_sms: true, ...changes }, t.clock.now());
const messagesOf = (who: Person) => t.db.select().from(memberMessages).where(eq(memberMessages.memberId, who.member.id)).orderBy(desc(memberMessages.id));
const smsTo = (who: Person, template: string) => t.db.select().from(outbox).where(and(eq(outbox.recipient, who.member.phone), eq(outbox.template, template)));

async function pay(who: Person, booked: Reservation) {
  await t.db.transaction(async (tx) => {
    const account = await ensureAccount(tx, 'member', who.member.id);
    await creditAccount(tx, account.id, booked.amountFen, 'topup', `test-topup-${booked.rid}`, { kind: 'system', id: null }, t.clock.now());
  });
  expect((await post('/api/auth/order/pay', await at(who), { order_no: booked.orderNo!, coupon_rid: 'none' })).code).toBe(1);
}

async function paidBooking(who: Person, rid: string, day: string, hours: number[]) {
  const booked = await book(await at(who), rid, day, hours);
  expect(booked.code).toBe(1);
  await pay(who, booked.data);
  return booked.data;
}

const icsOf = async (who: Person, rid: string) => {
  const { token } = await at(who);
  return t.app.inject({ method: 'GET', url: '/api/auth/reservation/ics', query: { rid }, headers: { token } });
};

/** the properties of the .ics file's VEVENT, unfolded (RFC 5545 3.1) */
function icsEvent(text: string): Record<string, string> {
  const lines = text.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  const start = lines.indexOf('BEGIN:VEVENT');
  const end = lines.indexOf('END:VEVENT');
  expect(start).toBeGreaterThan(0);
  const props: Record<string, string> = {};
  for (const line of lines.slice(start + 1, end)) {
    if (line.startsWith('BEGIN:VALARM')) break;
    const colon = line.indexOf(':');
    props[line.slice(0, colon)] = line.slice(colon + 1);
  }
  return props;
}
/** 20260309T010000Z → the instant */
const icsInstant = (value: string) => new Date(value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
const shanghai = (at: Date) => at.toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 16);

describe('立即预约 → paid: the calendar file and the messages', () => {
  it('gives the hold deadline, then after paying an .ics with the times in Asia/Shanghai', async () => {
    const rid = await instrument({ name: '原子力显微镜机时' });
    const alice = await member();
    const booked = await book(alice, rid, MONDAY, [9, 10]);
    expect(booked.data).toMatchObject({ startsAt: '2026-03-09T01:00:00.000Z', holdUntil: '2026-03-07T04:00:00.000Z' });
    // a hold has no calendar file yet
    const early = await icsOf(alice, booked.data.rid);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 0, msg: '预约支付后才能下载日历文件' });

    await pay(alice, booked.data);
    const res = await icsOf(alice, booked.data.rid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const event = icsEvent(res.body);
    expect(event.UID).toBe(`${booked.data.rid}@bookings.keyan-lab`);
    expect(event.SUMMARY).toBe('仪器上机：原子力显微镜机时');
    expect(event.DTSTART).toBe('20260309T010000Z');
    expect(event.DTEND).toBe('20260309T030000Z');
    expect(shanghai(icsInstant(event.DTSTART!))).toBe('2026-03-09 09:00');
    expect(shanghai(icsInstant(event.DTEND!))).toBe('2026-03-09 11:00');
    expect(event.LOCATION).toContain('张江实验室');
    // another member's booking is not theirs to download
    const bob = await member();
    expect((await icsOf(bob, booked.data.rid)).statusCode).toBe(404);
  });

  it('attaches the .ics to the confirmation e-mail: delivered over SMTP, it parses with the times in Asia/Shanghai', async () => {
    const rid = await instrument({ name: '激光共聚焦机时' });
    const alice = await member();
    await t.db.update(members).set({ email: 'alice@univ.example' }).where(eq(members.id, alice.member.id));
    const booked = await paidBooking(alice, rid, MONDAY, [14, 15]);
    expect((await jobs()).confirmed).toContain(booked.rid);
    const [mail] = await t.db.select().from(outbox).where(and(eq(outbox.recipient, 'alice@univ.example'), eq(outbox.template, 'booking_confirmed')));
    expect(mail!.attachments).toEqual([expect.objectContaining({ filename: `booking-${MONDAY}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' })]);
    // the SMS carries no file
    expect((await smsTo(alice, 'booking_confirmed'))[0]!.attachments).toBeNull();

    // the row as the outbox job sends it, through the SMTP provider to a local SMTP server, parsed as a mail client would
    const arrived: ParsedMail[] = [];
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            arrived.push(parsed);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const smtp = smtpEmailProvider({ url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, from: '科研检测 <noreply@lab.example>' }, pino({ level: 'silent' }));
      expect(await dispatchOutboxRow(t.db, { sms: t.app.deps.sms, email: smtp }, t.clock, mail!.id, true)).toBe('sent');
      expect(arrived).toHaveLength(1);
      expect(arrived[0]!.subject).toBe('预约已确认：激光共聚焦机时');
      const [file] = arrived[0]!.attachments;
      expect(file).toMatchObject({ filename: `booking-${MONDAY}.ics`, contentType: 'text/calendar' });
      const event = icsEvent(file!.content.toString('utf8'));
      expect(event.UID).toBe(`${booked.rid}@bookings.keyan-lab`);
      expect(event.SUMMARY).toBe('仪器上机：激光共聚焦机时');
      expect(shanghai(icsInstant(event.DTSTART!))).toBe(`${MONDAY} 14:00`);
      expect(shanghai(icsInstant(event.DTEND!))).toBe(`${MONDAY} 16:00`);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('confirms once, reminds the day before and an hour before, each once on the test clock', async () => {
    const rid = await instrument();
    const alice = await member();
    const booked = await paidBooking(alice, rid, MONDAY, [14]);
    try {
      const first = await jobs();
      expect(first.confirmed).toContain(booked.rid);
      expect((await jobs()).confirmed).not.toContain(booked.rid);
      expect((await messagesOf(alice))[0]!.title).toMatch(/^预约已确认/);
      expect(await smsTo(alice, 'booking_confirmed')).toHaveLength(1);

      // 14:00 on 03-09 in Shanghai = 06:00Z; 24 hours before: 03-08 06:00Z
      t.clock.set('2026-03-08T05:59:00Z');
      expect((await jobs()).dayReminders).not.toContain(booked.rid);
      t.clock.set('2026-03-08T06:00:00Z');
      const [day, dayAgain] = await Promise.all([jobs(), jobs()]);
      expect([...day.dayReminders, ...dayAgain.dayReminders].filter((r) => r === booked.rid)).toHaveLength(1);
      t.clock.set('2026-03-09T05:00:00Z');
      expect((await jobs()).hourReminders).toContain(booked.rid);
      expect((await jobs()).hourReminders).not.toContain(booked.rid);
      expect(await smsTo(alice, 'booking_reminder')).toHaveLength(2);
      const titles = (await messagesOf(alice)).map((m) => m.title);
      expect(titles.filter((x) => x.startsWith('明天上机提醒'))).toHaveLength(1);
      expect(titles.filter((x) => x.startsWith('一小时后上机'))).toHaveLength(1);
    } finally {
      t.clock.set(NOW);
    }
  });
});

describe('the cancellation window (后台任务设置)', () => {
  it('cancels until the set hours before the start; later a clear refusal and nothing changes', async () => {
    const rid = await instrument();
    const alice = await member();
    const booked = await paidBooking(alice, rid, '2026-03-10', [9]); // 03-10 01:00Z
    await settings({ booking_cancel_hours: 48 });
    try {
      t.clock.set('2026-03-08T01:00:00Z'); // exactly 48 hours before
      const late = await post<Reservation>('/api/auth/reservation/cancel', await at(alice), { rid: booked.rid });
      expect(late).toMatchObject({ status: 400, code: 0, msg: '距预约开始已不足48小时，不能取消，请联系实验室' });
      expect(await activeSlots(rid, '2026-03-10')).toEqual([9]);
      t.clock.set('2026-03-08T00:59:00Z');
      const list = await post<{ list: Reservation[] }>('/api/auth/reservation/list4person', await at(alice), { page: 1, pageSize: 50 });
      expect(list.data.list.find((r) => r.rid === booked.rid)).toMatchObject({ cancelUntil: '2026-03-08T01:00:00.000Z' });
      expect((await post('/api/auth/reservation/cancel', await at(alice), { rid: booked.rid })).code).toBe(1);
    } finally {
      t.clock.set(NOW);
      await settings({ booking_cancel_hours: 24 });
    }
  });
});

describe('the wait list', () => {
  it('refuses a free slot, hands a freed one to the first in line, and on expiry to the next: exactly one gets it', async () => {
    const rid = await instrument();
    const [alice, bob, carol, dave] = [await member(), await member(), await member(), await member()];
    const join = (who: Person, hour = 10) => post<Wait>('/api/auth/reservation/wait/join', who, { rid, date: MONDAY, hour });
    expect(await join(bob)).toMatchObject({ status: 400, code: 0, msg: WAIT_FREE_SLOT_MESSAGE });

    const booked = await paidBooking(alice, rid, MONDAY, [10]);
    expect(await join(alice)).toMatchObject({ status: 409, msg: '您已预约该时段' });
    expect((await join(bob)).data).toMatchObject({ status: 'waiting', position: 1, timeText: '10:00-11:00' });
    expect((await join(carol)).data).toMatchObject({ status: 'waiting', position: 2 });
    expect(await join(bob)).toMatchObject({ status: 409, msg: '您已在该时段的候补中' });

    await settings({ wait_offer_minutes: 30 });
    try {
      expect((await post('/api/auth/reservation/cancel', alice, { rid: booked.rid })).code).toBe(1);
      // the hour is free but held for those waiting: nobody else books it, not even before the hand-over
      expect(await book(dave, rid, MONDAY, [10])).toMatchObject({ status: 409, msg: WAIT_HELD_MESSAGE });
      const [a, b] = await Promise.all([sweepWaits(t.db, channels(), t.clock.now()), sweepWaits(t.db, channels(), t.clock.now())]);
      expect([...a, ...b]).toHaveLength(1);
      const bobs = await post<Wait[]>('/api/auth/reservation/wait/list', bob);
      expect(bobs.data[0]).toMatchObject({ status: 'offered', offerUntil: '2026-03-07T02:30:00.000Z' });
      expect((await messagesOf(bob))[0]!.content).toContain(`已为您保留至${labMinute(new Date('2026-03-07T02:30:00Z'))}`);
      expect(await smsTo(bob, 'wait_offer')).toHaveLength(1);
      expect(await book(carol, rid, MONDAY, [10])).toMatchObject({ status: 409, msg: WAIT_HELD_MESSAGE });

      // the offer lapses while bob books and two sweeps run: bob is too late, carol is offered once
      t.clock.set('2026-03-07T02:30:00Z');
      const [late, s1, s2] = await Promise.all([book(await at(bob), rid, MONDAY, [10]), sweepWaits(t.db, channels(), t.clock.now()), sweepWaits(t.db, channels(), t.clock.now())]);
      expect(late).toMatchObject({ status: 409, msg: WAIT_HELD_MESSAGE });
      expect([...s1, ...s2]).toHaveLength(1);
      expect(await smsTo(carol, 'wait_offer')).toHaveLength(1);
      // bob and carol race for it: exactly one gets it, carol
      const raced = await Promise.all([book(await at(bob), rid, MONDAY, [10]), book(await at(carol), rid, MONDAY, [10])]);
      expect(raced.map((r) => r.code)).toEqual([0, 1]);
      expect(await activeSlots(rid, MONDAY)).toEqual([10]);
      expect((await post<Wait[]>('/api/auth/reservation/wait/list', await at(carol))).data).toEqual([]);
      // nobody else waits: the job offers nothing more
      expect(await sweepWaits(t.db, channels(), t.clock.now())).toEqual([]);
    } finally {
      t.clock.set(NOW);
      await settings({ wait_offer_minutes: 60 });
    }
  });

  it('lets a member leave, and the next one is offered', async () => {
    const rid = await instrument();
    const [alice, bob, carol] = [await member(), await member(), await member()];
    const booked = await paidBooking(alice, rid, MONDAY, [13]);
    const bobWait = await post<Wait>('/api/auth/reservation/wait/join', bob, { rid, date: MONDAY, hour: 13 });
    await post<Wait>('/api/auth/reservation/wait/join', carol, { rid, date: MONDAY, hour: 13 });
    expect((await post<Wait>('/api/auth/reservation/wait/leave', bob, { rid: bobWait.data.rid })).data).toMatchObject({ status: 'left', statusText: '已退出' });
    expect((await post('/api/auth/reservation/wait/leave', bob, { rid: bobWait.data.rid })).code).toBe(0);
    expect((await post('/api/auth/reservation/cancel', alice, { rid: booked.rid })).code).toBe(1);
    await sweepWaits(t.db, channels(), t.clock.now());
    expect((await post<Wait[]>('/api/auth/reservation/wait/list', carol)).data[0]).toMatchObject({ status: 'offered' });
    expect((await book(carol, rid, MONDAY, [13])).code).toBe(1);
  });
});

describe('no-shows', () => {
  it('marks a booking not started 30 minutes in, blocks after N within the days, until staff lift it (audited)', async () => {
    const rid = await instrument();
    const alice = await member();
    await settings({ no_show_limit: 2, no_show_days: 90 });
    try {
      const first = await paidBooking(alice, rid, MONDAY, [9]);
      const second = await paidBooking(alice, rid, MONDAY, [15]);
      t.clock.set('2026-03-09T01:29:00Z'); // 09:29: not yet
      expect((await jobs()).noShows).not.toContain(first.rid);
      t.clock.set('2026-03-09T01:30:00Z');
      expect((await jobs()).noShows).toContain(first.rid);
      expect((await jobs()).noShows).not.toContain(first.rid);
      const [row] = await t.db.select().from(reservations).where(eq(reservations.rid, first.rid));
      expect(row).toMatchObject({ status: 'no_show' });
      // one no-show: still allowed (the limit is 2)
      expect((await book(await at(alice), rid, '2026-03-11', [9])).code).toBe(1);
      t.clock.set('2026-03-09T07:30:00Z');
      expect((await jobs()).noShows).toContain(second.rid);
      const refused = await book(await at(alice), rid, '2026-03-12', [9]);
      expect(refused).toMatchObject({ status: 403, code: 0, msg: '您在90天内已爽约2次，暂不能预约仪器机时，请联系实验室解除限制' });
      expect(await activeSlots(rid, '2026-03-12')).toEqual([]);

      const staffToken = await issueSession(t.db, 'staff', admin.id, { now: t.clock.now() });
      const blocks = await post<BookingBlock[]>('/api/admin/reservations/blocks', staffToken);
      expect(blocks.data.find((b) => b.member.rid === alice.member.rid)).toMatchObject({ noShows: 2 });
      const list = await post<Reservation[]>('/api/admin/reservations/list', staffToken, { date: MONDAY, rid });
      expect(list.data.map((r) => r.statusText)).toEqual(['爽约', '爽约']);
      expect(await post('/api/admin/reservations/lift', staffToken, { member_rid: alice.member.rid })).toMatchObject({ status: 400, msg: '[解除原因]不能为空' });
      expect((await post('/api/admin/reservations/lift', staffToken, { member_rid: alice.member.rid, reason: '已电话核实，设备故障未能上机' })).code).toBe(1);
      const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'reservations.lift'), eq(auditLog.targetKey, alice.member.rid)));
      expect(audit).toBeDefined();
      expect((await post<BookingBlock[]>('/api/admin/reservations/blocks', staffToken)).data.some((b) => b.member.rid === alice.member.rid)).toBe(false);
      expect((await book(await at(alice), rid, '2026-03-12', [9])).code).toBe(1);
    } finally {
      t.clock.set(NOW);
      await settings({ no_show_limit: 3 });
    }
  });

  it('is no no-show when the lab received the order in time', async () => {
    const rid = await instrument();
    const alice = await member();
    const booked = await paidBooking(alice, rid, MONDAY, [11]);
    const { orders } = await import('../orders.tables');
    await t.db.update(orders).set({ progress: 'received' }).where(eq(orders.orderNo, booked.orderNo!));
    try {
      t.clock.set('2026-03-09T04:00:00Z');
      expect((await jobs()).noShows).not.toContain(booked.rid);
    } finally {
      t.clock.set(NOW);
    }
  });
});
