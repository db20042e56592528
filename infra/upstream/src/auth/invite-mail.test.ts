import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpSender, type SmtpSender } from '../mail/smtp';
import { mailPasswordLink } from './invite-mail';

let server: SMTPServer;
let port: number;
const mails: { to: string[]; data: string }[] = [];
const log = pino({ level: 'silent' });
const LINK = 'https://console.example/set-password#token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
let sender: SmtpSender | null = null;
/** The mail server of SMTP_URL, as buildUpstream makes it from the process's settings. */
const smtp = (url: string) => (sender = createSmtpSender(url, 'offers@odds-console.local'));
afterEach(() => {
  sender?.close();
  sender = null;
});

describe('mailing a set-password link', () => {
  it('sends nothing and says so when no SMTP server is configured', async () => {
    expect(await mailPasswordLink(null, { email: 'rita@example.com', name: 'Rita' }, 'invite', LINK, new Date(), log)).toBe(false);
  });

  it('mails the invite link to the operator through SMTP_URL', async () => {
    const sent = await mailPasswordLink(
      smtp(`smtp://127.0.0.1:${port}`),
      { email: 'rita@example.com', name: 'Rita' },
      'invite',
      LINK,
      new Date('2030-01-04T10:00:00Z'),
      log,
    );
    expect(sent).toBe(true);
    const mail = mails.at(-1)!;
    expect(mail.to).toEqual(['rita@example.com']);
    expect(mail.data).toContain('Subject: Your odds console account');
    // The body is quoted-printable: soft line breaks and '=' as =3D.
    expect(mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(LINK);
    expect(mail.data).toContain('2030-01-04 10:00 UTC');
  });

  it('reports a mail server that refuses as not mailed, without failing', async () => {
    expect(await mailPasswordLink(smtp('smtp://127.0.0.1:1'), { email: 'rita@example.com', name: 'Rita' }, 'reset', LINK, new Date(), log)).toBe(false);
  });
});
