import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext } from './testing';
import { callVendor, isAnswer, vendorWords } from './vendor-http';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/moved') return response.writeHead(302, { location: 'http://169.254.169.254/latest' }).end();
    if (request.url === '/huge') return response.writeHead(200, { 'content-type': 'application/json' }).end(`{"a":"${'x'.repeat(200_000)}"}`);
    if (request.url === '/html') return response.writeHead(502, { 'content-type': 'text/html' }).end('<html>bad gateway</html>');
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the vendor call of the messaging adapters', () => {
  it('reads a JSON answer, and a non-JSON one as no body', async () => {
    expect(await callVendor('T', `${base}/ok`, {}, testContext(base))).toMatchObject({ status: 200, body: { ok: true } });
    expect(await callVendor('T', `${base}/html`, {}, testContext(base))).toMatchObject({ status: 502, body: null });
  });

  it('follows no redirect and reads no more than its cap', async () => {
    expect(await callVendor('T', `${base}/moved`, {}, testContext(base))).toMatchObject({ status: 302, body: null });
    const huge = await callVendor('T', `${base}/huge`, {}, testContext(base));
    expect(isAnswer(huge) && huge.body).toBeNull();
  });

  it("words a vendor's text for operators without secrets, addresses or length", () => {
    expect(vendorWords('Forbidden: bot was blocked by the user')).toBe('Forbidden: bot was blocked by the user');
    expect(vendorWords('token 123:abc refused at https://api.telegram.org/bot123:abc/sendMessage from 10.0.0.7:8443', ['123:abc'])).toBe(
      'token … refused at … from …',
    );
    expect(vendorWords('x'.repeat(500))).toHaveLength(160);
    expect(vendorWords(undefined)).toBe('');
  });
});
