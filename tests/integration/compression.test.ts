import { readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrough, startStack, type Stack } from '../support/stack';

// Compression through the relay: the built client's precompressed files (written by the build)
// and proxied API replies, negotiated by Accept-Encoding. Needs `npm run build` (skips without).
const assets = fileURLToPath(new URL('../../client/dist/assets', import.meta.url));
const built = (() => {
  try {
    return readdirSync(assets).some((name) => name.endsWith('.js.br'));
  } catch {
    return false;
  }
})();
if (!built) console.warn('[compression suite skipped] client/dist has no precompressed files: run `npm run build`');

let stack: Stack;
let token: string;

beforeAll(async () => {
  if (!built) return;
  stack = await startStack();
  token = await loginThrough(stack.url);
});
afterAll(async () => {
  await stack?.close();
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body is left as sent (fetch would decode it). */
function get(path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(`${stack.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const decode = (raw: Raw) =>
  raw.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw.body) : raw.headers['content-encoding'] === 'gzip' ? gunzipSync(raw.body) : raw.body;

/** The same path asked for with br, gzip and no encoding: each answered as asked, all decoding to the same bytes. */
async function negotiate(path: string, headers: Record<string, string> = {}, small = false): Promise<Record<'br' | 'gzip' | 'none', Raw>> {
  const br = await get(path, { ...headers, 'accept-encoding': 'br' });
  const gzip = await get(path, { ...headers, 'accept-encoding': 'gzip' });
  const none = await get(path, headers);
  for (const raw of [br, gzip, none]) expect(raw.status).toBe(200);
  if (small) {
    // Under 1 KB: sent as it is whatever is accepted (the build writes no copies of it either).
    for (const raw of [br, gzip]) expect(raw.headers['content-encoding']).toBeUndefined();
    for (const raw of [br, gzip]) expect(raw.body.equals(none.body)).toBe(true);
    return { br, gzip, none };
  }
  expect(br.headers['content-encoding']).toBe('br');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(none.headers['content-encoding']).toBeUndefined();
  expect(decode(br).equals(none.body)).toBe(true);
  expect(decode(gzip).equals(none.body)).toBe(true);
  expect(br.body.length).toBeLessThan(none.body.length);
  expect(gzip.body.length).toBeLessThan(none.body.length);
  expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
  return { br, gzip, none };
}

describe.skipIf(!built)('compression through the relay', () => {
  it('serves a built script precompressed, as asked, with its caching headers unchanged', async () => {
    const script = readdirSync(assets).find((name) => name.startsWith('react-') && name.endsWith('.js'))!;
    const { br, none } = await negotiate(`/assets/${script}`);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(none.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
  });

  it('serves the page itself and the SPA fallback (compressed from 1 KB), still revalidated', async () => {
    const small = statSync(join(assets, '..', 'index.html')).size < 1024;
    const { br } = await negotiate('/', { accept: 'text/html' }, small);
    expect(br.headers['cache-control']).toBe('no-cache');
    const deep = await negotiate('/match/12/thresholds', { accept: 'text/html' }, small);
    expect(deep.br.headers['cache-control']).toBe('no-cache');
    expect(decode(deep.br).toString()).toContain('<div id="root">');
  });

  it('compresses a proxied API reply above 1 KB, and leaves a small one alone', async () => {
    const auth = { authorization: `Token ${token}` };
    const { none } = await negotiate('/api/1/1/1/matches?limit=50', auth);
    expect(JSON.parse(none.body.toString()).results).toHaveLength(50);
    const small = await get('/api/1/session', { ...auth, 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).user.email).toBe('demo@example.com');
  });
});
