import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  routes,
  type BlocksSource,
  type Contact,
  type JurisdictionRule,
  type ListReply,
  type SuppressionEntry,
  type SuppressionImportReply,
} from '@odds/protocol';
import { auditLog, contacts, deliveries, matches } from '../db/schema';
import { createTestUpstream, OPS, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let admin: Record<string, string>;
let operator: Record<string, string>;

beforeAll(async () => {
  upstream = await createTestUpstream();
  admin = { authorization: `Token ${await upstream.login()}` };
  operator = { authorization: `Token ${await upstream.login(OPS)}` };
}, 120_000);
afterAll(() => upstream.close());

const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  upstream.app.inject({ method, url, headers, ...(payload && { payload }) });

describe('jurisdiction rules', () => {
  it('admins add and change them (versioned, audited); others read them and get 403 on a write; bad input is a 400', async () => {
    const rule = { jurisdiction: 'CA-ON', forbidden_flags: ['boosted_odds'], quiet_hours: { start: '22:00', end: '08:00' }, daily_cap: 3 };
    expect((await call(operator, 'POST', '/api/1/compliance/jurisdictions', rule)).statusCode).toBe(403);
    const created = await call(admin, 'POST', '/api/1/compliance/jurisdictions', rule);
    expect(created.statusCode).toBe(200);
    const body = created.json<JurisdictionRule>();
    expect((await call(admin, 'POST', '/api/1/compliance/jurisdictions', rule)).json().message).toMatch(/CA-ON has a rule already/);
    expect((await call(admin, 'POST', '/api/1/compliance/jurisdictions', { ...rule, jurisdiction: 'Ontario' })).statusCode).toBe(400);
    expect((await call(admin, 'POST', '/api/1/compliance/jurisdictions', { ...rule, jurisdiction: 'GB', forbidden_flags: ['nudity'] })).statusCode).toBe(400);
    const version = body.version!;
    const changed = await call(admin, 'PUT', `/api/1/compliance/jurisdictions/${body.id}`, { ...rule, daily_cap: 2, version });
    expect(changed.json()).toMatchObject({ daily_cap: 2, version: version + 1 });
    expect((await call(admin, 'PUT', `/api/1/compliance/jurisdictions/${body.id}`, { ...rule, version: body.version })).statusCode).toBe(409);
    const listed = (await call(operator, 'GET', '/api/1/compliance/jurisdictions')).json<ListReply<JurisdictionRule>>();
    expect(listed.results.map((r) => r.jurisdiction)).toContain('CA-ON');
    const history = await upstream.database.db.select().from(auditLog).where(eq(auditLog.entity, 'jurisdiction_rule'));
    expect(history.map((h) => h.action)).toEqual(['create', 'update']);
  });
});

describe('the blocks source', () => {
  it('keeps its secret write-only and says whether one is set', async () => {
    const url = '/api/1/providers/1/compliance/source';
    expect((await call(operator, 'GET', url)).statusCode).toBe(403);
    expect((await call(admin, 'GET', url)).json<BlocksSource>()).toMatchObject({
      configured: false,
      state: 'not_configured',
      consent_required: false,
      version: null,
    });
    const saved = await call(admin, 'PUT', url, {
      base_url: 'http://127.0.0.1:9/ops',
      auth: 'api_key',
      secret: 'very-secret-key',
      consent_required: true,
      version: null,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('very-secret-key');
    expect(saved.json<BlocksSource>()).toMatchObject({ configured: true, secret_set: true, consent_required: true, version: 1 });
    expect((await call(admin, 'PUT', url, { base_url: null, auth: 'api_key', consent_required: true, version: null })).statusCode).toBe(409);
    const history = await upstream.database.db.select().from(auditLog).where(eq(auditLog.entity, 'blocks_source'));
    expect(JSON.stringify(history)).not.toContain('very-secret-key');
  });
});

describe('the suppression list', () => {
  const url = '/api/1/providers/1/compliance/suppressions';

  it('imports 100,000 entries as keyed hashes, idempotently, finds one by value and exports hashes only', async () => {
    for (let chunk = 0; chunk < 10; chunk += 1) {
      const entries = Array.from({ length: 10_000 }, (_, i) => ({ kind: 'CUSTOMER_REF', value: `cust-${chunk * 10_000 + i}`, reason: 'EXCLUDED' }));
      const reply = await call(admin, 'POST', url, { entries });
      expect(reply.statusCode).toBe(200);
      expect(reply.json<SuppressionImportReply>()).toEqual({ added: 10_000, already: 0, total: 10_000 });
    }
    const again = await call(admin, 'POST', url, {
      csv: 'kind,value,reason,note\nCUSTOMER_REF,cust-42,EXCLUDED,\nEMAIL, Someone@Example.com ,OBJECTION,asked by mail, twice',
    });
    expect(again.json()).toEqual({ added: 1, already: 1, total: 2 });
    const found = (await call(admin, 'GET', `${url}?value=someone@example.com`)).json<ListReply<SuppressionEntry>>();
    expect(found.results).toEqual([expect.objectContaining({ kind: 'EMAIL', reason: 'OBJECTION', note: 'asked by mail, twice' })]);
    expect(found.results[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await call(admin, 'GET', `${url}?limit=1`)).json<ListReply<SuppressionEntry>>().total).toBe(100_001);
    const exported = (await call(admin, 'GET', buildPath(routes.suppressionExport, { providerId: 1 }))).json<{ csv: string; total: number }>();
    expect(exported.total).toBe(100_001);
    expect(exported.csv.split('\n').filter(Boolean)).toHaveLength(100_002);
    expect(exported.csv).not.toContain('cust-42');
    expect(exported.csv).not.toMatch(/someone@example\.com/i);
  }, 300_000);

  it('refuses a bad CSV line with its number, an empty import, and non-admins', async () => {
    expect((await call(admin, 'POST', url, { csv: 'kind,value,reason\nPASSPORT,123,OTHER' })).json().message).toMatch(/^CSV line 2: kind must be one of/);
    expect((await call(admin, 'POST', url, {})).statusCode).toBe(400);
    expect((await call(operator, 'POST', url, { csv: 'EMAIL,a@b.example,OTHER' })).statusCode).toBe(403);
  });
});

describe('erasure', () => {
  it('leaves no personal value anywhere in the database, keeps the counts, says who erased it, and keeps the hash listed', async () => {
    const { db } = upstream.database;
    const [match] = await db.select().from(matches).limit(1);
    const values = { name: 'Erin Erasable', email: 'erin.erasable@example.com', device: 'device-erin-7f3a9c', ref: 'cust-erin-5521' };
    const created = await call(admin, 'POST', '/api/1/contact', {
      name: values.name,
      channel_id: 2,
      email: values.email,
      device_id: values.device,
      compliance: {
        customer_ref: values.ref,
        jurisdiction: 'GB',
        time_zone: 'Europe/London',
        quiet_hours: null,
        consents: [{ channel: 'EMAIL', status: 'GIVEN', at: '2031-01-01T00:00:00Z', source: 'sign-up' }],
      },
    });
    expect(created.statusCode).toBe(200);
    const contact = created.json<Contact>();
    expect(contact.compliance.customer_ref).toBe(values.ref);
    await call(admin, 'POST', `/api/1/contact/${contact.id}`, { ...contact, leagues: [], teams: [], name: `${values.name} (VIP)` });
    await db.insert(deliveries).values({
      matchId: match!.id,
      marketId: ((await db.execute(sql`select id from markets limit 1`)) as unknown as { rows: { id: number }[] }).rows[0]!.id,
      contactId: contact.id,
      channelId: 2,
      language: 'en',
      nodeId: 'PRE',
      status: 'FAILED',
      error: `smtp: 550 no mailbox ${values.email}`,
      log: { subject: `Hello ${values.name}`, body: 'Odds', cta: null, content: `Hello ${values.name}\nOdds` },
    });
    // The scan below finds what is there: before the erasure, the history holds the email.
    const before = await db.execute(sql`select count(*)::int as n from audit_log where after::text ilike ${`%${values.email}%`}`);
    expect((before as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
    expect((await call(operator, 'POST', `/api/1/contact/${contact.id}/erase`)).statusCode).toBe(403);
    const erased = await call(admin, 'POST', `/api/1/contact/${contact.id}/erase`);
    expect(erased.statusCode).toBe(200);
    expect(erased.json<Contact>()).toMatchObject({ name: `Erased contact ${contact.id}`, email: null, active: false, erased_at: expect.any(String) });
    expect((await call(admin, 'POST', `/api/1/contact/${contact.id}/erase`)).statusCode).toBe(400);
    // Every text, json and array column of every table, searched for each value.
    const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
    const columns = rows<{ table_name: string; column_name: string }>(
      await db.execute(sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`),
    );
    expect(columns.length).toBeGreaterThan(50);
    const patterns = `{${Object.values(values)
      .map((v) => `"%${v}%"`)
      .join(',')}}`;
    for (const { table_name, column_name } of columns) {
      const hits = await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike any(${patterns}::text[])`,
      );
      expect(rows<{ n: number }>(hits)[0]!.n, `${table_name}.${column_name} holds a personal value`).toBe(0);
    }
    const [row] = await db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row!.channelId).toBe(2);
    expect((await db.select().from(deliveries).where(eq(deliveries.contactId, contact.id)))[0]).toMatchObject({ status: 'FAILED' });
    const history = await db.select().from(auditLog).where(eq(auditLog.entityId, contact.id));
    expect(history.filter((h) => h.entity === 'contact').at(-1)).toMatchObject({ actorName: 'Demo Operator', action: 'update' });
    const listed = (await call(admin, 'GET', `/api/1/providers/1/compliance/suppressions?value=${values.email}&kind=EMAIL`)).json<
      ListReply<SuppressionEntry>
    >();
    expect(listed.results).toEqual([expect.objectContaining({ reason: 'ERASED' })]);
  }, 300_000);
});
