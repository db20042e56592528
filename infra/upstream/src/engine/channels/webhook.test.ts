import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowHosts, systemResolver, type DestinationPolicy } from './destination';
import { fetchWebhookReport, postWebhook } from './webhook';

interface Received {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let base: string;
let policy: DestinationPolicy;
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
    const path = request.url ?? '';
    if (path.startsWith('/refuse')) return response.writeHead(503).end('busy at 10.0.0.7:5432');
    if (path.startsWith('/bad')) return response.writeHead(400).end('no such device');
    if (path.startsWith('/later')) return response.writeHead(429, { 'retry-after': '30' }).end();
    if (path.startsWith('/moved')) return response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    if (path.startsWith('/slow')) return; // never answers
    if (path.startsWith('/malformed')) return response.writeHead(200, { 'content-type': 'application/json' }).end('{"report":{"ios":7}}');
    if (path.startsWith('/huge')) return response.writeHead(200).end(`{"report":${JSON.stringify(report.report)},"pad":"${'x'.repeat(200_000)}"}`);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(path.startsWith('/plain') ? { ok: true } : report));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  policy = { allow: parseAllowHosts(new URL(base).host), resolve: systemResolver };
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const post = (path: string, body = '{}', timeoutMs = 5000) => postWebhook(`${base}${path}`, body, { timeoutMs, headers: {}, policy });

describe('webhook adapter', () => {
  it("POSTs the delivery's JSON text to the contact's URL and keeps the report the receiver gives, as the channel's", async () => {
    const body = JSON.stringify({ delivery_id: 41, log: { subject: 'Goal!', body: 'Home win 1.48', cta: null, content: null } });
    expect(await post('/hooks/odds', body)).toEqual({ status: 'SENT', stats: { ...report, source: 'channel' } });
    expect(received.at(-1)).toEqual({ method: 'POST', url: '/hooks/odds', contentType: 'application/json', body });
  });

  it('is SENT without stats when the receiver answers without a report, and ignores a report of the wrong shape with the reason', async () => {
    expect(await post('/plain')).toEqual({ status: 'SENT', stats: null });
    const malformed = await post('/malformed');
    expect(malformed).toMatchObject({ status: 'SENT', stats: null });
    expect(malformed.reportIgnored).toMatch(/not \{ios, android, total\}/);
  });

  it('reads no more than 64 KiB of an answer, and keeps no report from a cut one', async () => {
    const huge = await post('/huge');
    expect(huge).toMatchObject({ status: 'SENT', stats: null });
    expect(huge.reportIgnored).toMatch(/64 KiB/);
  });

  it('is FAILED with what happened, naming no host, port or body, on a refusal or a timeout', async () => {
    expect(await post('/refuse')).toEqual({ status: 'FAILED', error: 'the receiver answered HTTP 503' });
    expect(await post('/slow', '{}', 200)).toEqual({ status: 'FAILED', error: 'no answer within 0.2 s' });
    const closed = `http://127.0.0.1:1/`;
    const refused = await postWebhook(closed, '{}', { timeoutMs: 2000, headers: {}, policy: { ...policy, allow: parseAllowHosts('127.0.0.1') } });
    expect(refused).toEqual({ status: 'FAILED', error: 'the receiver refused the connection' });
  });

  it("marks a 4xx other than 408/429 final, passes on a 429's Retry-After, and follows no redirect", async () => {
    expect(await post('/bad')).toEqual({ status: 'FAILED', error: 'the receiver answered HTTP 400', final: true });
    expect(await post('/later')).toEqual({ status: 'FAILED', error: 'the receiver answered HTTP 429', retryAfterMs: 30_000 });
    const count = received.length;
    expect(await post('/moved')).toEqual({ status: 'FAILED', error: 'the receiver answered HTTP 307 (a redirect, not followed)', final: true });
    expect(received.length).toBe(count + 1);
  });

  it('asks the receiver for a report again with GET ?delivery_id=, through the same checks', async () => {
    expect(await fetchWebhookReport(`${base}/hooks/odds`, 41, { timeoutMs: 5000, policy })).toEqual({ ...report, source: 'channel' });
    expect(received.at(-1)).toMatchObject({ method: 'GET', url: '/hooks/odds?delivery_id=41' });
    expect(await fetchWebhookReport(`${base}/refuse`, 41, { timeoutMs: 5000, policy })).toBeNull();
    const count = received.length;
    expect(await fetchWebhookReport(`${base}/hooks/odds`, 41, { timeoutMs: 5000, policy: { ...policy, allow: [] } })).toBeNull();
    expect(received.length).toBe(count);
  });
});
