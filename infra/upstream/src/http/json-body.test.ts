import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUpstream, type TestUpstream } from '../testing';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-body';

let upstream: TestUpstream;
let token: string;

beforeAll(async () => {
  upstream = await createTestUpstream();
  token = await upstream.login();
});
afterAll(async () => upstream?.close());

const post = (payload: string) =>
  upstream.app.inject({
    method: 'POST',
    url: '/api/1/contact',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    payload,
  });
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('JSON bodies', () => {
  it.each([40, 1_000, 5_000, 8_000])('refuses a body nested %i levels with 400 and says why (stored or 500 before)', async (levels) => {
    const reply = await post(`{"name":"Deep ${levels}","device_id":"d","limiter":${nested(levels)}}`);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      code: 'BODY_TOO_DEEP',
      message: `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays are accepted.`,
    });
  });

  it('counts nesting outside strings only', () => {
    expect(jsonDepthExceeds(JSON.stringify({ text: `${'{'.repeat(100)}"\\"` }), 2)).toBe(false);
    expect(jsonDepthExceeds(nested(3), 3)).toBe(false);
    expect(jsonDepthExceeds(nested(4), 3)).toBe(true);
  });

  it.each([
    ['{"name":"x","__proto__":{"admin":true}}', 'The request body may not contain the key "__proto__" (it could change how objects behave on the server).'],
    // Escaped, the key is still __proto__ once parsed (it was reported as a "constructor" before).
    [
      '{"name":"x","a":{"\\u005f_proto__":{"admin":true}}}',
      'The request body may not contain the key "__proto__" (it could change how objects behave on the server).',
    ],
    [
      '{"name":"x","constructor":{"prototype":{"admin":true}}}',
      'The request body may not contain the key "constructor" with a "prototype" (it could change how objects behave on the server).',
    ],
    ['{"name":', /^The request body is not valid JSON: /],
  ])('refuses %s saying what was wrong', async (payload, message) => {
    const reply = await post(payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(message);
  });

  it("stores nothing but the schema's fields: unknown keys, top-level or nested, never reach the database", async () => {
    const name = `Junk ${Date.now()}`;
    const reply = await post(
      JSON.stringify({
        name,
        device_id: 'd',
        junk: 'x'.repeat(100),
        limiter: { max_match_push: 3, junk: { deeper: { still: 'junk' } } },
      }),
    );
    expect(reply.statusCode).toBe(200);
    const result = await upstream.database.db.execute(sql`select to_jsonb(c) as row from contacts c where name = ${name}`);
    const rows = ((result as unknown as { rows?: unknown[] }).rows ?? result) as { row: Record<string, unknown> }[];
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]!.row);
    expect(stored).not.toContain('junk');
    expect(rows[0]!.row.limiter).toEqual({ max_match_push: 3 });
  });
});
