import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, buildQuery, NO_COMPLIANCE, routes, type Contact, type ContactsReply, type RouteDef } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
});
afterAll(() => upstream.close());

const call = (route: RouteDef, params: Record<string, number> = {}, query: Record<string, unknown> = {}, payload?: object) =>
  upstream.app.inject({ method: route.method, url: buildPath(route, params) + buildQuery(query), headers, ...(payload && { payload }) });
const list = async (query: Record<string, unknown> = {}) => (await call(routes.contacts, {}, query)).json<ContactsReply>();
const byName = async (name: string) => (await list({ limit: 100 })).items.find((c) => c.name === name)!;

/** A whole record, as the contact form sends it for an update. */
const record = (contact: Contact) => ({
  name: contact.name,
  sport_id: contact.sport_id,
  channel_id: contact.channel_id,
  active: contact.active,
  sub_all: contact.sub_all,
  rate_limited: contact.rate_limited,
  email: contact.email,
  twitter: contact.twitter,
  device_id: contact.device_id,
  segment: contact.segment,
  list_id: contact.list_id,
  mobile: contact.mobile,
  raw_filter: contact.raw_filter,
  rate_limit_minutes: contact.rate_limit_minutes,
  limiter: contact.limiter,
  languages: contact.languages,
  leagues: contact.leagues.map((l) => l.id),
  teams: contact.teams.map((t) => t.id),
});

const expectBadRequest = async (reply: Awaited<ReturnType<typeof call>>, message: string | RegExp) => {
  expect(reply.statusCode).toBe(400);
  if (typeof message === 'string') expect(reply.json().message).toBe(message);
  else expect(reply.json().message).toMatch(message);
};

describe('GET /api/1/contacts', () => {
  it("lists the provider's contacts as items, total and limit", async () => {
    const body = await list();
    expect(body.total).toBe(10);
    expect(body.limit).toBe(20);
    const desk = body.items.find((c) => c.name === 'Trading desk – test iPhone');
    expect(desk).toEqual({
      id: expect.any(Number),
      version: 1,
      name: 'Trading desk – test iPhone',
      sport_id: 1,
      channel_id: 1,
      channel: { id: 1, name: 'Push notification', code: 'PUSH' },
      active: true,
      sub_all: true,
      rate_limited: true,
      email: null,
      twitter: null,
      device_id: expect.stringMatching(/^[0-9a-f]{64}$/),
      segment: null,
      list_id: null,
      mobile: null,
      raw_filter: null,
      rate_limit_minutes: 10,
      limiter: { max_market_match_push: 2, max_match_push: 6, market_push_p1: 1, market_push_p2: 1, period_push_p1: 3, period_push_p2: 3 },
      languages: ['en'],
      leagues: [],
      teams: [],
      // From before the compliance data (docs/compliance.md): none recorded.
      compliance: NO_COMPLIANCE,
    });
    const fans = body.items.find((c) => c.name === 'iOS app – Danish football fans')!;
    expect(fans.leagues.map((l) => l.name)).toEqual(['FIFA World Cup']);
    expect(fans.teams.map((t) => t.name)).toEqual(['Denmark']);
  });

  it('covers every channel, pages with start and sorts with sort', async () => {
    const codes = new Set((await list()).items.map((c) => c.channel.code));
    expect([...codes].sort()).toEqual(['EMAIL', 'FEED', 'PUSH', 'TELEGRAM', 'TWITTER', 'WHATSAPP']);
    const names = (await list({ sort: 'name', limit: 100 })).items.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
    const page = await list({ sort: 'id', start: 3, limit: 2 });
    expect(page.items.map((c) => c.id)).toEqual((await list({ sort: 'id' })).items.slice(3, 5).map((c) => c.id));
    expect((await list({ sort: '-name', limit: 1 })).items[0]!.name).toBe(names.at(-1));
  });

  it("lists another provider's contacts, in its languages, and narrows by sport when asked", async () => {
    const iberia = await list({ provider: 2 });
    expect(iberia.total).toBe(7);
    expect(iberia.items.flatMap((c) => c.languages).every((code) => ['es', 'es-mx', 'es-co', 'es-pa', 'en'].includes(code))).toBe(true);
    expect(await list({ sport: 2 })).toEqual({ items: [], total: 0, limit: 20 });
  });

  it('refuses an unknown sort key and a sort that is not a column name', async () => {
    await expectBadRequest(await call(routes.contacts, {}, { sort: 'colour' }), /^Cannot sort by 'colour'; use one of: id, name/);
    await expectBadRequest(await call(routes.contacts, {}, { sort: 'name;drop' }), /^sort must match pattern/);
  });
});

describe('GET /api/1/contact/{contactId}', () => {
  it('returns one contact as the list shows it', async () => {
    const fans = await byName('iOS app – Danish football fans');
    expect((await call(routes.contact, { contactId: fans.id })).json()).toEqual(fans);
  });

  it('answers 404 for an unknown contact and 400 for a non-numeric id', async () => {
    const reply = await call(routes.contact, { contactId: 999999 });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe('Contact 999999 not found');
    const bad = await upstream.app.inject({ method: 'GET', url: '/api/1/contact/abc', headers });
    await expectBadRequest(bad, 'contactId must be integer');
  });
});

describe('POST /api/1/contact', () => {
  const create = (payload: object, query: Record<string, unknown> = {}) => call(routes.contactCreate, {}, query, payload);

  it('applies the defaults of SPEC §3 to what the body leaves out', async () => {
    const reply = await create({ name: 'Push – new test device', device_id: 'device-123' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      id: expect.any(Number),
      version: 1,
      name: 'Push – new test device',
      languages: ['en'],
      sport_id: 1,
      channel_id: 1,
      channel: { id: 1, name: 'Push notification', code: 'PUSH' },
      rate_limited: false,
      active: true,
      sub_all: false,
      email: null,
      twitter: null,
      device_id: 'device-123',
      segment: null,
      list_id: null,
      mobile: null,
      raw_filter: null,
      rate_limit_minutes: null,
      limiter: {},
      leagues: [],
      teams: [],
      compliance: NO_COMPLIANCE,
    });
  });

  it('creates a rate-limited contact of another provider with its leagues, teams and list', async () => {
    const copa = (await upstream.app.inject({ method: 'GET', url: '/api/1/2/1/leagues', headers })).json().results[0];
    const teams = (await byNameOf(2, 'App iOS – aficionados al fútbol en México')).teams;
    const lists = (await call(routes.lists, {}, { provider: 2 })).json().results;
    const reply = await create(
      {
        name: 'WhatsApp – Copa Mundial LatAm',
        channel_id: 7,
        languages: ['es-mx', 'es-co'],
        list_id: lists[0].id,
        rate_limited: true,
        rate_limit_minutes: 20,
        limiter: { max_match_push: 3, market_push_p2: 1, period_push_p3: null },
        leagues: [copa.id],
        teams: teams.map((t) => t.id),
      },
      { provider: 2 },
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      channel: { code: 'WHATSAPP' },
      languages: ['es-mx', 'es-co'],
      list_id: lists[0].id,
      rate_limited: true,
      limiter: { max_match_push: 3, market_push_p2: 1 },
      leagues: [{ id: copa.id, name: 'Copa Mundial de la FIFA' }],
      teams: [{ name: 'Mexico' }],
    });
    expect((await list({ provider: 2 })).total).toBe(8);
  });

  it("checks language codes: unsupported with the exact message, then the provider's own", async () => {
    await expectBadRequest(await create({ name: 'X', device_id: 'd', languages: ['en', 'xx'] }), 'Invalid language code: xx.');
    await expectBadRequest(
      await create({ name: 'X', device_id: 'd', languages: ['es'] }),
      "Nordic Sportsbook does not offer language 'es'; choose from: en, da, sv, no, fi.",
    );
  });

  it('needs the destination of the channel', async () => {
    await expectBadRequest(await create({ name: 'Mail', channel_id: 2 }), 'An EMAIL contact needs an email address.');
    await expectBadRequest(await create({ name: 'Tweets', channel_id: 3, twitter: '  ' }), 'A TWITTER contact needs a twitter handle.');
    await expectBadRequest(await create({ name: 'Push' }), 'A PUSH contact needs a device id, a segment or a list id.');
    await expectBadRequest(await create({ name: 'Chat', channel_id: 9, device_id: '' }), 'A TELEGRAM contact needs a device id, a segment or a list id.');
    await expectBadRequest(await create({ name: 'Push', segment: '999999' }), "'999999' is not a segment of Nordic Sportsbook.");
    await expectBadRequest(await create({ name: 'Mail', channel_id: 2, email: 'not an email' }), 'email must match format "email"');
    expect((await create({ name: 'Partner feed', channel_id: 4 })).json().channel.code).toBe('FEED');
  });

  it("keeps per-period caps within the sport's periods", async () => {
    await expectBadRequest(
      await create({ name: 'X', device_id: 'd', rate_limited: true, limiter: { market_push_p3: 1 } }),
      'Football has 2 periods, so limiter.market_push_p3 cannot be set.',
    );
    const hockey = await create({ name: 'Hockey push', device_id: 'd', sport_id: 2, limiter: { period_push_p3: 2 } });
    expect(hockey.json()).toMatchObject({ sport_id: 2, limiter: { period_push_p3: 2 } });
    await expectBadRequest(
      await create({ name: 'X', device_id: 'd', sport_id: 2, limiter: { period_push_p4: 2 } }),
      'Ice Hockey has 3 periods, so limiter.period_push_p4 cannot be set.',
    );
  });

  it('needs subscribed leagues and teams of the provider and sport, and a sport it offers', async () => {
    await expectBadRequest(await create({ name: 'X', device_id: 'd', leagues: [999999] }), 'No Football league of Nordic Sportsbook has id 999999.');
    const mexico = (await byNameOf(2, 'App iOS – aficionados al fútbol en México')).teams[0]!;
    await expectBadRequest(await create({ name: 'X', device_id: 'd', teams: [mexico.id] }), `No Football team of Nordic Sportsbook has id ${mexico.id}.`);
    await expectBadRequest(
      await create({ name: 'X', device_id: 'd', languages: ['es'], sport_id: 3 }, { provider: 2 }),
      'Iberia Apuestas does not offer Tennis.',
    );
    await expectBadRequest(await create({ name: 'X', device_id: 'd', sport_id: 99 }), 'Sport 99 does not exist.');
  });

  it('refuses a missing or blank name and an unknown provider', async () => {
    await expectBadRequest(await create({ device_id: 'd' }), "body must have required property 'name'");
    await expectBadRequest(await create({ name: '   ', device_id: 'd' }), 'A contact needs a name.');
    const reply = await create({ name: 'X', device_id: 'd' }, { provider: 99 });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe('Provider 99 not found');
  });
});

const byNameOf = async (provider: number, name: string) => (await list({ provider, limit: 100 })).items.find((c) => c.name === name)!;

describe('POST /api/1/contact/{contactId}', () => {
  it('replaces the whole record', async () => {
    const swedes = await byName('Android app – Swedish in-play bettors');
    const leagues = (await upstream.app.inject({ method: 'GET', url: '/api/1/1/1/leagues', headers })).json().results;
    const reply = await call(
      routes.contactUpdate,
      { contactId: swedes.id },
      {},
      {
        ...record(swedes),
        channel_id: 2,
        email: 'inplay-se@crm.nordicsportsbook.example',
        segment: null,
        languages: ['sv'],
        leagues: leagues.map((l: { id: number }) => l.id),
        teams: [],
        rate_limited: false,
        rate_limit_minutes: null,
        limiter: { max_match_push: null, max_market_match_push: 0 },
      },
    );
    expect(reply.statusCode).toBe(200);
    const updated = reply.json<Contact>();
    expect(updated).toMatchObject({
      id: swedes.id,
      channel: { code: 'EMAIL' },
      email: 'inplay-se@crm.nordicsportsbook.example',
      segment: null,
      languages: ['sv'],
      teams: [],
      rate_limited: false,
      rate_limit_minutes: null,
      limiter: { max_market_match_push: 0 },
    });
    expect(updated.leagues.map((l) => l.name).sort()).toEqual(['FIFA World Cup', 'World Cup Classics']);
    expect((await call(routes.contact, { contactId: swedes.id })).json()).toEqual(updated);
  });

  it('needs the whole record, checks it as a create does, and 404s an unknown contact', async () => {
    const desk = await byName('Trading desk – test iPhone');
    const { languages: _, ...withoutLanguages } = record(desk);
    await expectBadRequest(await call(routes.contactUpdate, { contactId: desk.id }, {}, withoutLanguages), "body must have required property 'languages'");
    await expectBadRequest(await call(routes.contactUpdate, { contactId: desk.id }, {}, { ...record(desk), languages: ['zz'] }), 'Invalid language code: zz.');
    const reply = await call(routes.contactUpdate, { contactId: 999999 }, {}, record(desk));
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe('Contact 999999 not found');
  });
});

describe('demo contacts', () => {
  it('each pass the rules of a save, unchanged', async () => {
    for (const provider of [1, 2, 3]) {
      for (const seeded of (await list({ provider, limit: 100 })).items) {
        const reply = await call(routes.contactUpdate, { contactId: seeded.id }, {}, record(seeded));
        expect(reply.statusCode, `${seeded.name}: ${reply.json().message}`).toBe(200);
        // The record is unchanged but for its version, which every write moves on.
        expect(reply.json()).toEqual({ ...seeded, version: seeded.version! + 1 });
      }
    }
  });
});

describe('POST /api/1/contact/{contactId}/toggleactive', () => {
  it('flips active and returns the contact', async () => {
    const finns = await byName('Finnish casual bettors');
    expect(finns.active).toBe(false);
    expect((await call(routes.contactToggleActive, { contactId: finns.id })).json()).toEqual({ ...finns, active: true, version: finns.version! + 1 });
    expect((await call(routes.contactToggleActive, { contactId: finns.id })).json().active).toBe(false);
  });

  it('answers 404 for an unknown contact', async () => {
    const reply = await call(routes.contactToggleActive, { contactId: 999999 });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe('Contact 999999 not found');
  });
});

describe('DELETE /api/1/contact/{contactId}', () => {
  it('deletes a contact, then it is gone', async () => {
    const created = (await call(routes.contactCreate, {}, {}, { name: 'Short-lived', device_id: 'tmp' })).json<Contact>();
    expect((await call(routes.contactDelete, { contactId: created.id })).json()).toEqual({ success: true });
    expect((await call(routes.contact, { contactId: created.id })).statusCode).toBe(404);
    const again = await call(routes.contactDelete, { contactId: created.id });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(`Contact ${created.id} not found`);
  });
});

describe('GET /api/1/segments/{contactId}', () => {
  it("lists the segments of the contact's provider, by name", async () => {
    const fans = await byName('iOS app – Danish football fans');
    const body = (await call(routes.segments, { contactId: fans.id })).json();
    expect(body.total).toBe(5);
    expect(body.limit).toBe(5);
    expect(body.results.map((s: { display_name: string }) => s.display_name)).toEqual([
      'Android app – Swedish in-play bettors',
      'App users opted in to odds alerts',
      'Finnish casual bettors',
      'iOS app – Danish football fans',
      'Norwegian high-value customers',
    ]);
    expect(body.results.find((s: { display_name: string }) => s.display_name === 'iOS app – Danish football fans').id).toBe(fans.segment);
    expect((await call(routes.segments, { contactId: fans.id }, { provider: 1 })).json()).toEqual(body);
  });

  it('refuses another provider and answers 404 for an unknown contact', async () => {
    const fans = await byName('iOS app – Danish football fans');
    await expectBadRequest(await call(routes.segments, { contactId: fans.id }, { provider: 2 }), `Contact ${fans.id} belongs to provider 1, not 2.`);
    expect((await call(routes.segments, { contactId: 999999 })).json().message).toBe('Contact 999999 not found');
  });
});

describe('GET /api/1/lists', () => {
  it("lists a provider's lists (provider 1 by default)", async () => {
    const nordic = (await call(routes.lists)).json();
    expect(nordic.results.map((l: { name: string }) => l.name)).toEqual([
      'Newsletter – Nordic weekly',
      'VIP – Danish high rollers',
      'World Cup Classics – replay reminders',
      'Telegram – odds boost channel',
    ]);
    expect(nordic.results.every((l: { id: string }) => /^\d+$/.test(l.id))).toBe(true);
    expect((await call(routes.lists, {}, { provider: 3 })).json().total).toBe(2);
  });

  it('answers 404 for an unknown provider and 400 for a bad one', async () => {
    const reply = await call(routes.lists, {}, { provider: 99 });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe('Provider 99 not found');
    await expectBadRequest(await call(routes.lists, {}, { provider: 'x' }), 'provider must be integer');
  });
});
