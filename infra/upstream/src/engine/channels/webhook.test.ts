import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWebhookReport, postWebhook } from './webhook';

interface Received {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let base: string;
const received: Received[] = [];
const report = { report: { ios: { sent: 10, open: 2 }, android: { sent: 5, open: 1 }, total: { sent: 15, open: 3 } } };

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    received.push({ method: request.method!, url: request.url!, contentType: request.headers['content-type'], body: await read(request) });
    if (request.url?.startsWith('/refuse')) return response.writeHead(503).end('busy');
    if (request.url?.startsWith('/bad')) return response.writeHead(400).end('no such device');
    if (request.url?.startsWith('/later')) return response.writeHead(429, { 'retry-after': '30' }).end();
    if (request.url?.startsWith('/slow')) return; // never answers
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(request.url?.startsWith('/plain') ? { ok: true } : report));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('webhook adapter', () => {
  it("POSTs the delivery as JSON to the contact's URL and keeps the report the receiver gives", async () => {
    const payload = { delivery_id: 41, log: { subject: 'Goal!', body: 'Home win 1.48', cta: null, content: null } };
    const result = await postWebhook(`${base}/hooks/odds`, payload);
    expect(result).toEqual({ status: 'SENT', stats: report });
    expect(received.at(-1)).toEqual({ method: 'POST', url: '/hooks/odds', contentType: 'application/json', body: JSON.stringify(payload) });
  });

  it('is SENT without stats when the receiver answers without a report', async () => {
    expect(await postWebhook(`${base}/plain`, {})).toEqual({ status: 'SENT', stats: null });
  });

  it('is FAILED with the reason on a refusal or a timeout', async () => {
    const refused = await postWebhook(`${base}/refuse`, {});
    expect(refused).toEqual({ status: 'FAILED', error: `HTTP 503 from ${new URL(base).host}` });
    const slow = await postWebhook(`${base}/slow`, {}, 200);
    expect(slow.status).toBe('FAILED');
    expect(slow.error).toMatch(/^webhook 127\.0\.0\.1:\d+: /);
  });

  it("marks a 4xx other than 408/429 final, and passes on a 429's Retry-After", async () => {
    expect(await postWebhook(`${base}/bad`, {})).toEqual({ status: 'FAILED', error: `HTTP 400 from ${new URL(base).host}`, final: true });
    expect(await postWebhook(`${base}/later`, {})).toEqual({ status: 'FAILED', error: `HTTP 429 from ${new URL(base).host}`, retryAfterMs: 30_000 });
  });

  it('asks the receiver for a report again with GET ?delivery_id=', async () => {
    expect(await fetchWebhookReport(`${base}/hooks/odds`, 41)).toEqual(report);
    expect(received.at(-1)).toMatchObject({ method: 'GET', url: '/hooks/odds?delivery_id=41' });
    expect(await fetchWebhookReport(`${base}/refuse`, 41)).toBeNull();
  });
});
