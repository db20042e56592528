import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE } from '@odds/protocol';
import { createTestUpstream, OPS, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let admin: string;
let operator: string;

beforeAll(async () => {
  upstream = await createTestUpstream();
  admin = await upstream.login();
  operator = await upstream.login(OPS);
});
afterAll(async () => upstream?.close());

const get = (token: string, url: string) => upstream.app.inject({ method: 'GET', url, headers: { authorization: `Token ${token}` } });
/** Parses the export (RFC 4180: quoted cells with doubled quotes, CRLF line ends) into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  const cell = /("(?:[^"]|"")*"|[^,\r]*)(,|\r\n|$)/gy;
  let row: string[] = [];
  for (let match = cell.exec(text); match && match[0] !== ''; match = cell.exec(text)) {
    const [, raw = '', end] = match;
    row.push(raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw);
    if (end !== ',') {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

describe('the audit log as CSV (admins)', () => {
  it("exports one record's history, oldest first, with who, when, and before/after as JSON; formula-safe", async () => {
    const created = await upstream.app.inject({
      method: 'POST',
      url: '/api/1/contact',
      headers: { authorization: `Token ${admin}` },
      payload: { name: '=HYPERLINK("http://evil.example","click")', device_id: 'd-audit' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ id: number }>().id;
    const reply = await get(admin, `/api/1/audit/csv?entity=contact&entity_id=${id}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/csv/);
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="history-contact_${id}.csv"`);
    const [header, ...rows] = parseCsv(reply.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual(['id', 'at', 'actor_id', 'actor', 'entity', 'entity_id', 'match_id', 'action', 'version', 'before', 'after']);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.slice(3, 8)).toEqual(['Demo Operator', 'contact', String(id), '', 'create']);
    expect(row![9]).toBe('');
    // A JSON cell starts with '{', so it is not a formula; a text cell that starts with '=' is prefixed.
    expect(JSON.parse(row![10]!)).toMatchObject({ name: '=HYPERLINK("http://evil.example","click")' });
  });

  it('prefixes every cell a spreadsheet would run as a formula (an operator named like one)', async () => {
    const invited = await upstream.app.inject({
      method: 'POST',
      url: '/api/1/operators',
      headers: { authorization: `Token ${admin}` },
      payload: { email: 'formula@example.com', name: '@SUM(A1:A9)', admin: false },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const token = new URLSearchParams(invited.json<{ link: { path: string } }>().link.path.split('#')[1]).get('token');
    const set = await upstream.app.inject({ method: 'POST', url: '/api/1/password/set', payload: { token, password: 'a quiet harbour at dawn' } });
    expect(set.statusCode, set.body).toBe(200);
    const actor = set.json<{ token: string; user: { id: number } }>();
    const made = await upstream.app.inject({
      method: 'POST',
      url: '/api/1/contact',
      headers: { authorization: `Token ${actor.token}` },
      payload: { name: 'Made by a formula', device_id: 'd-formula' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const reply = await get(admin, `/api/1/audit/csv?actor_id=${actor.user.id}&entity=contact`);
    const [, row] = parseCsv(reply.body.replace(/^\uFEFF/, ''));
    expect(row![3]).toBe("'@SUM(A1:A9)");
    expect(
      parseCsv(reply.body.replace(/^\uFEFF/, ''))
        .flat()
        .filter((cell) => /^[=+\-@]/.test(cell)),
    ).toEqual([]);
  });

  it('takes a time range and refuses one that ends before it starts', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const empty = await get(admin, `/api/1/audit/csv?from=${encodeURIComponent(future)}`);
    expect(parseCsv(empty.body.replace(/^\uFEFF/, ''))).toHaveLength(1);
    const backwards = await get(admin, `/api/1/audit/csv?from=${encodeURIComponent(future)}&to=${encodeURIComponent(new Date().toISOString())}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toMatch(/is after/);
  });

  it("gives anyone else SPEC's 403", async () => {
    const reply = await get(operator, '/api/1/audit/csv');
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe(FORBIDDEN_MESSAGE);
  });
});
