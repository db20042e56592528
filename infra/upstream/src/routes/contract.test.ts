import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '../testing';

/**
 * The upstream against protocol's route table, the contract every part shares: each route is
 * implemented (with the protocol's schemas, as the OpenAPI document shows), refuses a call
 * without a valid token (authenticate aside), and is exercised by some test of the upstream.
 * While a route is missing the figures printed below say how far the table is covered.
 */

const all = Object.entries(routes) as [string, RouteDef][];
const src = fileURLToPath(new URL('..', import.meta.url));
let upstream: TestUpstream;

beforeAll(async () => {
  upstream = await createTestUpstream();
});
afterAll(() => upstream.close());

interface Operation {
  summary?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  security?: unknown[];
}

/** `/api/1/:p/thresholds` as a URL with every parameter 1, and as an OpenAPI path. */
const withParams = (path: string) => path.replace(/:[A-Za-z_]+/g, '1');
const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');
const figure = (label: string, done: number) => `${label}: ${done}/${all.length} (${Math.round((100 * done) / all.length)}%)`;

describe("protocol's route table", () => {
  it('has every route implemented by the upstream', () => {
    const missing = all.filter(([, route]) => !upstream.app.hasRoute({ method: route.method, url: route.path })).map(([name]) => name);
    console.log(figure('implemented routes', all.length - missing.length), missing.length ? `\n  missing: ${missing.join(', ')}` : '');
    expect(missing).toEqual([]);
  });

  it("documents every implemented route in the OpenAPI document with the protocol's summary and schemas", async () => {
    const reply = await upstream.app.inject({ method: 'GET', url: '/docs/json' });
    expect(reply.statusCode).toBe(200);
    const doc = reply.json<{ paths: Record<string, Record<string, Operation>> }>();
    const undocumented = all
      .filter(([, route]) => {
        if (!upstream.app.hasRoute({ method: route.method, url: route.path })) return false;
        const operation = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
        if (!operation || operation.summary !== route.summary || !operation.responses?.['200']) return true;
        // The request schemas came along too: every path and query parameter, and the JSON body.
        const documented = (where: string) =>
          (operation.parameters ?? [])
            .filter((p) => p.in === where)
            .map((p) => p.name)
            .sort();
        if (route.params && documented('path').join() !== Object.keys(route.params.properties).sort().join()) return true;
        if (route.query && documented('query').join() !== Object.keys(route.query.properties).sort().join()) return true;
        return Boolean(route.body && !route.multipart && !operation.requestBody);
      })
      .map(([name]) => name);
    expect(undocumented).toEqual([]);
    expect(doc.paths['/api/1/authenticate']!.post!.security).toEqual([]);
  });

  it('answers 401 without a token, or with a bad one, on every route but authenticate', async () => {
    const open: string[] = [];
    for (const [name, route] of all.filter(([, r]) => !r.public)) {
      for (const authorization of [undefined, 'Token not-a-real-token']) {
        const reply = await upstream.app.inject({
          method: route.method,
          url: withParams(route.path),
          ...(authorization && { headers: { authorization } }),
          ...(route.body && !route.multipart && { payload: {} }),
        });
        if (reply.statusCode !== 401 || reply.json().message !== 'Authentication required') open.push(`${name} (${reply.statusCode})`);
      }
    }
    expect(open).toEqual([]);
  });

  it('serves the docs page and its document without a token', async () => {
    const page = await upstream.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(page.statusCode);
    const doc = (await upstream.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.components.securitySchemes.Token).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    expect(doc.security).toEqual([{ Token: [] }]);
  });

  it('has every route exercised by a test of the upstream (by `routes.<name>` or by its path)', () => {
    const tests = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts') && basename(file) !== 'contract.test.ts' && !file.includes('node_modules'))
      .map((file) => readFileSync(join(src, file), 'utf8'));
    const untested = all.filter(([name, route]) => !tests.some((text) => mentions(text, name, route))).map(([name]) => name);
    console.log(figure('routes with a test', all.length - untested.length), untested.length ? `\n  untested: ${untested.join(', ')}` : '');
    expect(untested).toEqual([]);
  });
});

/**
 * A test names a route as `routes.contacts` (with buildPath) or writes its path, with numbers or
 * template expressions where the parameters go, ending where the URL does (so `/api/1/contact/1`
 * does not count for `/api/1/contact/1/toggleactive`).
 */
function mentions(text: string, name: string, route: RouteDef): boolean {
  if (new RegExp(`\\broutes\\.${name}\\b`).test(text)) return true;
  const param = String.raw`(?:\d+|\$\{[^}]+\})`;
  const path = route.path
    .split(/(:[A-Za-z_]+)/)
    .map((part) => (part.startsWith(':') ? param : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`['"\`]${path}(?=['"\`?])`).test(text);
}
