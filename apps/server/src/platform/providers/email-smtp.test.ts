import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import pino from 'pino';
import { smtpEmailProvider } from './email-smtp';

/**
 * The SMTP provider against a real SMTP server (smtp-server) on a random local port: what
 * arrives is parsed as a mail client would, and a refused login or recipient is a failed send.
 */
const log = pino({ level: 'silent' });
const received: Array<{ from: string; to: string[]; user: string | undefined; mail: ParsedMail }> = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    // no TLS on a loopback test server: nodemailer sends plain when STARTTLS is not offered
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'shop' && auth.password === 'right-password') return callback(null, { user: 'shop' });
      callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@blocked.example')) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user as string | undefined,
            mail,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const provider = (password: string) => smtpEmailProvider({ url: `smtp://shop:${password}@127.0.0.1:${port}`, from: '科研检测 <noreply@lab.example>' }, log);

describe('e-mail over SMTP', () => {
  it('delivers the message: recipient, subject and a Chinese body in UTF-8', async () => {
    const body = '陈老师您好，您的订单 LAB20260101 已出数据，请登录后在「我的订单」中下载报告。';
    const result = await provider('right-password').send({ to: 'chen@univ.example', template: 'order_data_delivered', params: { orderNo: 'LAB20260101' }, subject: '订单已出数据', body });
    expect(result).toMatchObject({ ok: true, provider: 'smtp' });
    const arrived = received.at(-1)!;
    expect(arrived.user).toBe('shop');
    expect(arrived.from).toBe('noreply@lab.example');
    expect(arrived.to).toEqual(['chen@univ.example']);
    expect(arrived.mail.subject).toBe('订单已出数据');
    expect(arrived.mail.text?.trim()).toBe(body);
    expect(arrived.mail.from?.value[0]).toMatchObject({ name: '科研检测', address: 'noreply@lab.example' });
    expect(arrived.mail.headers.get('content-type')).toMatchObject({ value: 'text/plain', params: { charset: 'utf-8' } });
    // the id the provider answers is the one the server received
    expect(result.ok && result.id).toBe(arrived.mail.messageId);
  });

  it('a refused login is a failed send, with the server\'s answer', async () => {
    const before = received.length;
    const result = await provider('wrong-password').send({ to: 'chen@univ.example', template: 't', params: {}, subject: '主题', body: '正文' });
    expect(result).toMatchObject({ ok: false, provider: 'smtp', code: 'EAUTH' });
    expect(!result.ok && result.error).toMatch(/535.*Invalid username or password/);
    expect(received.length).toBe(before);
  });

  it('a recipient the server rejects is a failed send', async () => {
    const result = await provider('right-password').send({ to: 'someone@blocked.example', template: 't', params: {}, subject: '主题', body: '正文' });
    expect(result).toMatchObject({ ok: false, provider: 'smtp', code: 'EENVELOPE' });
    expect(!result.ok && result.error).toMatch(/550 Mailbox unavailable/);
  });

  it('a server that does not answer is a failed send', async () => {
    const closed = smtpEmailProvider({ url: 'smtp://shop:x@127.0.0.1:1', from: 'noreply@lab.example' }, log);
    const result = await closed.send({ to: 'chen@univ.example', template: 't', params: {}, subject: '主题', body: '正文' });
    expect(result).toMatchObject({ ok: false, provider: 'smtp', code: 'ESOCKET' });
  });
});
