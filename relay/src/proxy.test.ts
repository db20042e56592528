import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRelay, type Relay } from './app';
import { UPSTREAM_DOWN_MESSAGE, WRITE_TIMEOUT_MESSAGE } from './proxy';

/**
 * The REST proxy in front of an upstream that does what a test tells it: what reaches the upstream
 * (path, query, headers, body), what the client gets back, and the proxy's own answers (413, 400,
 * 502, 504) and lanes (slow routes, uploads, the change stream, the logout).
 */
interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
const seen: Seen[] = [];
const sockets = new Set<Socket>();
let upstream: Server;
let relay: Relay;
let url: string;
// undici checks its timeouts on a coarse clock (a few hundred ms): the upstream's slow answers come well after.
const LIMITS = { bodyLimit: 64 * 1024, uploadLimit: 256 * 1024, timeoutMs: 300, slowTimeoutMs: 10_000 };
/** When the upstream answers a slow call, or sends the rest of the change stream. */
const LATER_MS = 2_000;
const TOKEN = 'a'.repeat(43);

/** What the upstream does with a call: by path, after it has read the whole body. */
function answer(request: Seen, response: ServerResponse): void {
  const path = request.url.split('?')[0];
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };
  if (path === '/api/1/logout') json(request.headers.authorization === `Token ${TOKEN}` ? 200 : 401, {});
  // Slower than an ordinary call may take, quicker than a slow one.
  else if (path === '/api/1/engine/backtest' || path === '/api/1/slow') setTimeout(() => json(200, { done: true }), LATER_MS);
  else if (path === '/api/1/changes') {
    // Headers at once, the rest later than an ordinary call's timeout: the stream is not timed.
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(': hello\n\n');
    setTimeout(() => response.end('data: later\n\n'), LATER_MS);
  } else if (path === '/api/1/broken') response.socket?.destroy();
  else if (path === '/api/1/t/AAAAAAAAAAAAAAAAAAAAAA') response.writeHead(302, { location: 'https://book.example/bet' }).end();
  else if (path === '/api/1/hop') json(200, { ok: true }, { 'keep-alive': 'timeout=99', 'x-private': 'no', connection: 'x-private' });
  else json(200, { ok: true });
}

beforeAll(async () => {
  upstream = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const call = { method: request.method!, url: request.url!, headers: request.headers, body: Buffer.concat(chunks) };
      seen.push(call);
      answer(call, response);
    });
  });
  upstream.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  relay = await buildRelay({
    upstreamUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    clientDir: fileURLToPath(new URL('../../client/dist', import.meta.url)),
    proxy: LIMITS,
  });
  await relay.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(relay.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await relay?.app.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => upstream?.close(resolve));
});

/** A GET of `path` exactly as written. */
const raw = (path: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(`${url}/`, { path }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    request.on('error', reject);
    request.end();
  });
const lastSeen = (path: string) => seen.findLast((call) => call.url.split('?')[0] === path);
/** What the relay forwarded: the calls the upstream saw less the relay's own health probes (every second, a busy machine's tests take longer). */
const forwarded = () => seen.filter((call) => !['/healthz', '/readyz'].includes(call.url.split('?')[0]!));

describe('what reaches the upstream', () => {
  it('the path and the query as the client wrote them, with the request id and the client address', async () => {
    const query = '?q=caf%C3%A9&a=1&a=2&b=x+y&flag&empty=';
    const reply = await fetch(`${url}/api/1/teams/7${query}`, { headers: { 'x-request-id': 'trace-42', authorization: `Token ${TOKEN}` } });
    expect(reply.status).toBe(200);
    const call = lastSeen('/api/1/teams/7')!;
    expect(call.url).toBe(`/api/1/teams/7${query}`);
    expect(call.headers).toMatchObject({ 'x-request-id': 'trace-42', 'x-forwarded-for': '127.0.0.1', authorization: `Token ${TOKEN}` });
  });

  it('a body as sent, with its content type untouched (charset, multipart boundary)', async () => {
    const json = '{"name":"Ajax",  "short_name":"AJA"}';
    await fetch(`${url}/api/1/teams`, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: json });
    expect(lastSeen('/api/1/teams')).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(lastSeen('/api/1/teams')!.body.toString()).toBe(json);
    const form = '--b0undary\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--b0undary--\r\n';
    await fetch(`${url}/api/1/content`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=b0undary' }, body: form });
    expect(lastSeen('/api/1/content')!.headers['content-type']).toBe('multipart/form-data; boundary=b0undary');
    expect(lastSeen('/api/1/content')!.body.toString()).toBe(form);
  });

  it('nothing outside /api/1/, and no path that steps out of it', async () => {
    const before = forwarded().length;
    for (const path of ['/api/2/teams', '/api/1x/teams']) expect((await fetch(`${url}${path}`)).status, path).toBe(404);
    // Sent as written (fetch would resolve the dot segments itself).
    for (const path of ['/api/1/teams/../operators', '/api/1/teams/%2e%2e/operators', '/api/1/teams/%5c..%5coperators', '/api/1/teams\\..\\operators']) {
      const reply = await raw(path);
      expect(reply.status, path).toBe(400);
      expect(JSON.parse(reply.body)).toMatchObject({ code: 'BAD_PATH', message: `No such call: GET ${path}` });
    }
    const escaped = await fetch(`${url}/api/1/teams?q=%ff`);
    expect(escaped.status).toBe(400);
    expect(await escaped.json()).toMatchObject({ code: 'BAD_ESCAPE' });
    expect(forwarded().length).toBe(before);
  });
});

describe('tracked links', () => {
  it("/t/{id} on the console's own address reaches the upstream's /api/1/t/{id}, whose redirect passes as it is", async () => {
    const reply = await fetch(`${url}/t/AAAAAAAAAAAAAAAAAAAAAA`, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (iPhone)' } });
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('https://book.example/bet');
    expect(lastSeen('/api/1/t/AAAAAAAAAAAAAAAAAAAAAA')!.headers).toMatchObject({ 'user-agent': 'Mozilla/5.0 (iPhone)', 'x-forwarded-for': '127.0.0.1' });
    expect((await raw('/t/../api/1/operators')).status).toBe(400);
  });
});

describe('what the client gets back', () => {
  it("the upstream's reply without its hop-by-hop headers", async () => {
    const reply = await fetch(`${url}/api/1/hop`);
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ ok: true });
    expect(reply.headers.get('x-private')).toBeNull();
    expect(reply.headers.get('keep-alive')).not.toBe('timeout=99');
  });

  it('413 from the relay for a body over the limit of its route, which the upstream never sees', async () => {
    const before = forwarded().length;
    const ordinary = await fetch(`${url}/api/1/teams`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(65 * 1024) });
    expect(ordinary.status).toBe(413);
    expect(await ordinary.json()).toMatchObject({
      statusCode: 413,
      code: 'BODY_TOO_LARGE',
      message: 'The request is too large: at most 64 kB may be sent here.',
    });
    // The upload route takes more than the ordinary limit, up to its own.
    const upload = (bytes: number) =>
      fetch(`${url}/api/1/content`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=z' }, body: 'x'.repeat(bytes) });
    expect((await upload(200 * 1024)).status).toBe(200);
    const tooBig = await upload(300 * 1024);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ message: 'The request is too large: at most 256 kB may be sent here.' });
    expect(
      forwarded()
        .slice(before)
        .map((call) => call.body.length),
    ).toEqual([200 * 1024]);
  });

  it('504 when an ordinary call takes longer than its timeout, and a write is told it may have been saved', async () => {
    const read = await fetch(`${url}/api/1/slow`);
    expect(read.status).toBe(504);
    expect(await read.json()).toMatchObject({ statusCode: 504, code: 'UPSTREAM_UNAVAILABLE', message: UPSTREAM_DOWN_MESSAGE });
    const write = await fetch(`${url}/api/1/slow`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(write.status).toBe(504);
    expect(await write.json()).toMatchObject({ message: WRITE_TIMEOUT_MESSAGE });
  });

  it('the slow lane waits for a backtest, and the change stream is not timed at all', async () => {
    const backtest = await fetch(`${url}/api/1/engine/backtest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(backtest.status).toBe(200);
    expect(await backtest.json()).toEqual({ done: true });
    const stream = await fetch(`${url}/api/1/changes`);
    expect(stream.status).toBe(200);
    expect(await stream.text()).toBe(': hello\n\ndata: later\n\n');
  });

  it('502 when the connection to the upstream breaks', async () => {
    const reply = await fetch(`${url}/api/1/broken`);
    expect(reply.status).toBe(502);
    expect(await reply.json()).toMatchObject({ statusCode: 502, message: UPSTREAM_DOWN_MESSAGE });
  });
});

describe('the logout', () => {
  it('a logout the upstream accepted marks the token revoked in this relay; a refused one does not', async () => {
    const other = 'b'.repeat(43);
    expect((await fetch(`${url}/api/1/logout`, { method: 'POST', headers: { authorization: `Token ${other}` } })).status).toBe(401);
    expect(relay.upstream.revocations.isRevoked(other)).toBe(false);
    expect(relay.upstream.revocations.isRevoked(TOKEN)).toBe(false);
    let closedWith: string | null = null;
    relay.upstream.revocations.track(TOKEN, (reason) => (closedWith = reason));
    expect((await fetch(`${url}/api/1/logout`, { method: 'POST', headers: { authorization: `Token ${TOKEN}` } })).status).toBe(200);
    expect(relay.upstream.revocations.isRevoked(TOKEN)).toBe(true);
    expect(closedWith).toBe('logout');
  });
});
