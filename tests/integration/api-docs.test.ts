import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '@odds/protocol';
import { registerApiDocs, UpstreamClient } from '@odds/relay/testing';
import { loginThrough, startStack, type Stack } from '../support/stack';

/** The API's OpenAPI document and Swagger UI at the relay's /api/docs (docs/architecture.md). */

interface Operation {
  summary?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

const table = Object.entries(routes) as [string, RouteDef][];
let stack: Stack;
let token: string;

beforeAll(async () => {
  stack = await startStack();
  token = await loginThrough(stack.url);
});
afterAll(() => stack.close());

describe('/api/docs through the relay', () => {
  it("lists every route of the protocol's route table with its schemas and error replies", async () => {
    const response = await fetch(`${stack.url}/api/docs/json`, { headers: { authorization: `Token ${token}` } });
    expect(response.status).toBe(200);
    const doc = (await response.json()) as Doc;
    expect(doc.components.schemas.ErrorReply).toMatchObject({ type: 'object', required: ['statusCode', 'code', 'error', 'message'] });
    const wrong: string[] = [];
    for (const [name, route] of table) {
      const operation = doc.paths[route.path.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      if (!operation) {
        wrong.push(`${name}: missing`);
        continue;
      }
      const names = (where: string) =>
        (operation.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => p.name)
          .sort()
          .join();
      const expected = [
        ['summary', operation.summary === route.summary],
        ['reply schema', Boolean(operation.responses['200']?.content?.['application/json']?.schema)],
        ['path parameters', !route.params || names('path') === Object.keys(route.params.properties).sort().join()],
        ['query parameters', !route.query || names('query') === Object.keys(route.query.properties).sort().join()],
        ['body', !route.body || route.multipart || Boolean(operation.requestBody)],
        ['401', Boolean(route.public) !== Boolean(operation.responses['401'])],
        ['400', !(route.params || route.query || route.body) || Boolean(operation.responses['400'])],
        ['404', !route.params || Boolean(operation.responses['404'])],
        ['500', Boolean(operation.responses['500']?.content?.['application/json'])],
      ] as const;
      for (const [what, ok] of expected) if (!ok) wrong.push(`${name}: ${what}`);
    }
    expect(wrong).toEqual([]);
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('needs a valid token for the document by default', async () => {
    for (const headers of [{}, { authorization: 'Token not-a-real-token' }, { authorization: token }] as Record<string, string>[]) {
      const response = await fetch(`${stack.url}/api/docs/json`, { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ statusCode: 401, message: 'Authentication required' });
    }
  });

  it('serves Swagger UI as files: no inline script, so a CSP without unsafe-inline allows it', async () => {
    const redirect = await fetch(`${stack.url}/api/docs`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/api/docs/');
    const page = await fetch(`${stack.url}/api/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, attributes]) => /src="([^"]+)"/.exec(attributes!)?.[1])).toEqual(['./static/swagger-ui-bundle.js', './initializer.js']);
    expect(scripts.every(([, , body]) => body!.trim() === '')).toBe(true);
    expect(html).not.toMatch(/<style|\son[a-z]+=/i);
    for (const [path, type] of [
      ['static/swagger-ui-bundle.js', 'javascript'],
      ['static/swagger-ui.css', 'text/css'],
      ['initializer.js', 'javascript'],
      ['docs.css', 'text/css'],
    ]) {
      const asset = await fetch(`${stack.url}/api/docs/${path}`);
      expect(asset.status, path).toBe(200);
      expect(asset.headers.get('content-type'), path).toContain(type);
    }
    // Only Swagger UI's assets are served from its package, not whatever else lies in the folder.
    expect((await fetch(`${stack.url}/api/docs/static/package.json`)).status).toBe(404);
  });

  it('serves the document without a token when API_DOCS=public', async () => {
    const app = Fastify();
    await registerApiDocs(app, { upstream: new UpstreamClient(stack.upstreamUrl), access: 'public' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/docs/json`);
      expect(response.status).toBe(200);
      expect(Object.keys(((await response.json()) as Doc).paths)).toContain('/api/1/authenticate');
    } finally {
      await app.close();
    }
  });
});
