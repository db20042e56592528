import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, buildQuery, routes, type ListReply, type Match, type RouteDef, type Tracker, type TrackerInput } from '@odds/protocol';
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
const list = async (query: Record<string, unknown> = {}) => (await call(routes.trackers, {}, query)).json<ListReply<Tracker>>();
const upcomingClassics = async () =>
  (await call(routes.matches, { p: 1, s: 1 }, { timeframe: 'FUTURE', order_by: 'start', limit: 5 })).json<ListReply<Match>>().results;
const input = (t: Tracker): TrackerInput => ({
  contact_id: t.contact_id,
  language: t.language,
  model_type: t.model_type,
  model_id: t.model_id,
  active: t.active,
  spec: t.spec,
});

const expectStatus = async (reply: Awaited<ReturnType<typeof call>>, status: number, message: string | RegExp) => {
  expect(reply.statusCode).toBe(status);
  if (typeof message === 'string') expect(reply.json().message).toBe(message);
  else expect(reply.json().message).toMatch(message);
};

describe('GET /api/1/trackers', () => {
  it("lists the provider's trackers with their contact, newest first", async () => {
    const body = await list();
    expect(body.total).toBe(6);
    expect(body.limit).toBe(20);
    const [next] = await upcomingClassics();
    const fans = body.results.find((t) => t.model_type === 'M' && t.model_id === next!.id);
    expect(fans).toEqual({
      id: expect.any(Number),
      version: 1,
      contact_id: expect.any(Number),
      contact: { id: fans!.contact_id, name: 'iOS app – Danish football fans' },
      language: 'da',
      model_type: 'M',
      model_id: next!.id,
      active: true,
      spec: { limiter: { min_score: 60 }, thresholds_type: 'VALUE', match_state: ['P', 'I'] },
    });
    expect(
      body.results
        .filter((t) => t.model_type === 'L')
        .map((t) => t.contact.name)
        .sort(),
    ).toEqual(['Twitter – @NordicOdds', 'WhatsApp – Norwegian high-value customers']);
  });

  it('pages and sorts, and lists per provider and sport', async () => {
    const byId = (await list({ order_by: 'id' })).results.map((t) => t.id);
    expect(byId).toEqual([...byId].sort((a, b) => a - b));
    expect((await list({ order_by: 'id', start: 2, limit: 2 })).results.map((t) => t.id)).toEqual(byId.slice(2, 4));
    expect((await list({ provider: 2 })).results.map((t) => t.contact.name)).toEqual(['App Android – apuestas en vivo Colombia']);
    expect((await list({ sport: 2 })).total).toBe(0);
  });

  it('refuses an unknown sort key and a bad page size', async () => {
    await expectStatus(await call(routes.trackers, {}, { order_by: 'colour' }), 400, /^Cannot sort by 'colour'/);
    await expectStatus(await call(routes.trackers, {}, { limit: 0 }), 400, 'limit must be >= 1');
  });
});

describe('GET /api/1/match/{matchId}/trackers', () => {
  it('lists the trackers of the match itself', async () => {
    const [next] = await upcomingClassics();
    const body = (await call(routes.matchTrackers, { matchId: next!.id })).json<ListReply<Tracker>>();
    expect(body.results.map((t) => [t.contact.name, t.model_type])).toEqual([['iOS app – Danish football fans', 'M']]);
    expect(body.total).toBe(1);
  });

  it('includes trackers of its league', async () => {
    const [final] = (await call(routes.matches, { p: 1, s: 1 }, { q: 'Argentina - France', date: '2022-12-18' })).json<ListReply<Match>>().results;
    const body = (await call(routes.matchTrackers, { matchId: final!.id })).json<ListReply<Tracker>>();
    expect(body.results.map((t) => t.model_type)).toEqual(['L', 'L']);
    expect(body.results.every((t) => t.model_id === final!.league.id)).toBe(true);
  });

  it('answers 404 for an unknown match', async () => {
    await expectStatus(await call(routes.matchTrackers, { matchId: 999999 }), 404, 'Match 999999 not found');
  });
});

describe('GET /api/1/match/tracker/{trackerId}', () => {
  it('returns one tracker', async () => {
    const [first] = (await list()).results;
    expect((await call(routes.tracker, { trackerId: first!.id })).json()).toEqual(first);
  });

  it('answers 404 for an unknown tracker and 400 for a bad id', async () => {
    await expectStatus(await call(routes.tracker, { trackerId: 999999 }), 404, 'Tracker 999999 not found');
    await expectStatus(await upstream.app.inject({ method: 'GET', url: '/api/1/match/tracker/0', headers }), 400, 'trackerId must be >= 1');
  });
});

describe('demo trackers', () => {
  it('each pass the rules of a save, unchanged', async () => {
    for (const provider of [1, 2]) {
      for (const seeded of (await list({ provider })).results) {
        const reply = await call(routes.trackerSave, { trackerId: seeded.id }, {}, input(seeded));
        expect(reply.statusCode, reply.json().message).toBe(200);
        expect(reply.json()).toEqual({ ...seeded, version: seeded.version! + 1 });
      }
    }
  });
});

describe('POST /api/1/tracker/{trackerId}', () => {
  const save = (trackerId: number, body: object) => call(routes.trackerSave, { trackerId }, {}, body);
  const anyTracker = async () => (await list({ order_by: 'id' })).results.find((t) => t.contact.name === 'Telegram – odds boost channel')!;

  it('saves the whole tracker and returns it', async () => {
    const tracker = await anyTracker();
    const [, , third] = await upcomingClassics();
    const body = {
      ...input(tracker),
      language: 'fi',
      model_id: third!.id,
      active: false,
      spec: { limiter: { min_score: 85 }, thresholds_type: ['RANGE', 'RELATIVE'], match_state: ['P'] },
    };
    const reply = await save(tracker.id, body);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ ...tracker, ...body, version: tracker.version! + 1 });
    expect((await call(routes.tracker, { trackerId: tracker.id })).json()).toEqual(reply.json());
  });

  it('follows a league with model type L', async () => {
    const tracker = await anyTracker();
    const [classics] = (await call(routes.leagues, { p: 1, s: 1 }, { q: 'classics' })).json().results;
    const reply = await save(tracker.id, { ...input(tracker), model_type: 'L', model_id: classics.id });
    expect(reply.json()).toMatchObject({ model_type: 'L', model_id: classics.id });
  });

  it('takes the minimum score as a whole percentage', async () => {
    const tracker = await anyTracker();
    const withScore = (min_score: unknown) => save(tracker.id, { ...input(tracker), spec: { ...tracker.spec, limiter: { min_score } } });
    await expectStatus(await withScore(55.5), 400, 'spec.limiter.min_score must be integer');
    await expectStatus(await withScore(101), 400, 'spec.limiter.min_score must be <= 100');
  });

  it('checks the language, the contact and what the tracker follows', async () => {
    const tracker = await anyTracker();
    await expectStatus(await save(tracker.id, { ...input(tracker), language: 'xx' }), 400, 'Invalid language code: xx.');
    await expectStatus(
      await save(tracker.id, { ...input(tracker), language: 'es' }),
      400,
      "Nordic Sportsbook does not offer language 'es'; choose from: en, da, sv, no, fi.",
    );
    await expectStatus(await save(tracker.id, { ...input(tracker), contact_id: 999999 }), 400, 'Contact 999999 does not exist.');
    await expectStatus(
      await save(tracker.id, { ...input(tracker), model_type: 'M', model_id: 999999 }),
      400,
      'Match 999999 does not exist for Nordic Sportsbook.',
    );
    const [copa] = (await call(routes.leagues, { p: 2, s: 1 })).json().results;
    await expectStatus(
      await save(tracker.id, { ...input(tracker), model_type: 'L', model_id: copa.id }),
      400,
      `League ${copa.id} does not exist for Nordic Sportsbook.`,
    );
    await expectStatus(await save(tracker.id, { ...input(tracker), model_type: 'T' }), 400, /^model_type must be equal to one of the allowed values/);
  });

  it('answers 404 for an unknown tracker', async () => {
    const tracker = await anyTracker();
    await expectStatus(await save(999999, input(tracker)), 404, 'Tracker 999999 not found');
  });
});

describe('POST /api/1/tracker', () => {
  const create = (payload: object) => call(routes.trackerCreate, {}, {}, payload);

  it('creates a tracker on an upcoming match, validated like a save, and lists it', async () => {
    const [match] = await upcomingClassics();
    const tracker = (await list({ limit: 1 })).results[0]!;
    const before = (await list()).total;
    const reply = await create({ ...input(tracker), model_type: 'M', model_id: match!.id, language: 'sv', active: true });
    expect(reply.statusCode).toBe(200);
    const created = reply.json<Tracker>();
    expect(created).toMatchObject({ contact_id: tracker.contact_id, model_type: 'M', model_id: match!.id, language: 'sv', active: true, spec: tracker.spec });
    expect((await call(routes.tracker, { trackerId: created.id })).json<Tracker>()).toEqual(created);
    expect((await list()).total).toBe(before + 1);
    expect((await call(routes.matchTrackers, { matchId: match!.id })).json<ListReply<Tracker>>().results.map((t) => t.id)).toContain(created.id);
  });

  it('refuses bad input with the messages of a save, and creates nothing', async () => {
    const tracker = (await list({ limit: 1 })).results[0]!;
    const before = (await list()).total;
    await expectStatus(
      await create({ ...input(tracker), language: 'es' }),
      400,
      "Nordic Sportsbook does not offer language 'es'; choose from: en, da, sv, no, fi.",
    );
    await expectStatus(await create({ ...input(tracker), contact_id: 999999 }), 400, 'Contact 999999 does not exist.');
    await expectStatus(await create({ ...input(tracker), model_type: 'M', model_id: 999999 }), 400, 'Match 999999 does not exist for Nordic Sportsbook.');
    await expectStatus(await create({ ...input(tracker), model_type: 'T' }), 400, /^model_type must be equal to one of the allowed values/);
    const { spec: _, ...noSpec } = input(tracker);
    await expectStatus(await create(noSpec), 400, /spec/);
    await expectStatus(await create({ ...input(tracker), spec: { ...tracker.spec, limiter: { min_score: 101 } } }), 400, /min_score/);
    expect((await upstream.app.inject({ method: 'POST', url: '/api/1/tracker', payload: input(tracker) })).statusCode).toBe(401);
    expect((await list()).total).toBe(before);
  });
});
