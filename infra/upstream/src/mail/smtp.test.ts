import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpSender } from './smtp';

let server: SMTPServer;
let port: number;
const mails: { from: string; to: string[]; data: string }[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ from: (session.envelope.mailFrom as { address: string }).address, to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SMTP adapter', () => {
  it('mails the delivery through the configured server', async () => {
    const sender = createSmtpSender(`smtp://127.0.0.1:${port}`, 'offers@nordic.example');
    const { messageId } = await sender.send({
      to: 'vip-dk@crm.example',
      subject: 'Goal! Argentina 1-0 France',
      text: 'Home win now pays 1.48.\n\nBack Argentina at 1.48',
    });
    sender.close();
    expect(messageId).toMatch(/^<.+>$/);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.from).toBe('offers@nordic.example');
    expect(mails[0]!.to).toEqual(['vip-dk@crm.example']);
    expect(mails[0]!.data).toContain('Subject: Goal! Argentina 1-0 France');
    expect(mails[0]!.data).toContain('Back Argentina at 1.48');
  });

  it('rejects when the server cannot be reached', async () => {
    const sender = createSmtpSender('smtp://127.0.0.1:1', 'offers@nordic.example');
    await expect(sender.send({ to: 'a@b.example', subject: 's', text: 't' })).rejects.toThrow();
    sender.close();
  });
});
