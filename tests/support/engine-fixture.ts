import { and, asc, eq, sql } from 'drizzle-orm';
import type { FeedMessage } from '@odds/protocol';
import { contacts, type Db, leagues, markets, matchContents, matches, thresholdSets, trackers } from '@odds/upstream/testing';

/**
 * The hand-made match of tests/integration/replay.test.ts, on several World Cup Classics fixtures
 * at once (the fifth and later: no seeded sets, content or trackers): the same five contacts
 * subscribed to all of them, the same two threshold sets and content on each. Fed with
 * `handMadeFeed` on a day of its own per match, every match then gives the deliveries and
 * suppressions worked out by hand in that suite (`EXPECTED`; the email contact is RECORDED
 * here, as the embedded demo records an email it has no SMTP server for).
 */
export async function prepareMatches(db: Db, hookUrl: string, count: number): Promise<number[]> {
  await db.update(contacts).set({ active: false });
  const [classics] = await db.select().from(leagues).where(eq(leagues.uniqueId, 'wc-classics'));
  const fixtures = (await db.select().from(matches).where(eq(matches.leagueId, classics!.id)).orderBy(asc(matches.start))).slice(4, 4 + count);
  const [market] = await db
    .select()
    .from(markets)
    .where(and(eq(markets.providerId, 1), eq(markets.typeId, 1)));
  await db
    .update(markets)
    .set({
      meta: {
        ...market!.meta,
        first_minute: 0,
        last_minute: 85,
        send_delay_minutes: 2,
        max_threshold: 3,
        pass_threshold: 1,
        pass_threshold_timeout: 120,
        thresholds: {},
      },
    })
    .where(eq(markets.id, market!.id));
  const base = { providerId: 1, sportId: 1, active: true };
  const rows = await db
    .insert(contacts)
    .values([
      { ...base, name: 'C1 webhook partner', channelId: 6, languages: ['en'], deviceId: hookUrl, leagueIds: [classics!.id] },
      {
        ...base,
        name: 'C2 email VIP',
        channelId: 2,
        languages: ['en'],
        email: 'vip@example.com',
        teamIds: fixtures.map((f) => f.homeTeamId),
        rateLimited: true,
        rateLimitMinutes: 5,
        limiter: { max_match_push: 2 },
      },
      { ...base, name: 'C3 push fans', channelId: 1, languages: ['en', 'da'], segment: '1', subAll: true, rateLimited: true, limiter: { market_push_p1: 1 } },
      { ...base, name: 'C4 telegram', channelId: 9, languages: ['en'], deviceId: '-100123', leagueIds: [classics!.id] },
      { ...base, name: 'C5 tracker only', channelId: 1, languages: ['sv'], segment: '2' },
    ])
    .returning({ id: contacts.id });
  const parts = {
    title: [{ content: "{{home.name}} v {{away.name}}, {{match.minute}}'" }],
    content: [{ content: 'Home win pays {{odds.home}}.' }],
    cta: [],
    image: [],
  };
  for (const { id: matchId } of fixtures) {
    await db.insert(trackers).values({
      contactId: rows[4]!.id,
      language: 'en',
      modelType: 'M',
      modelId: matchId,
      spec: { limiter: { min_score: 30 }, thresholds_type: 'VALUE', match_state: ['I'] },
    });
    await db.insert(thresholdSets).values([
      { matchId, marketId: market!.id, type: 'VALUE', thresholds: { home: { value: 2500 } } },
      {
        matchId,
        marketId: market!.id,
        type: 'RELATIVE',
        thresholds: { away: { direction: 'DROP', metric: 'PERCENT', value: 20, time_amount: 10, time_unit: 'MINUTES', time_basis: 'GAME' } },
      },
    ]);
    await db
      .insert(matchContents)
      .values([1, 2, 6].map((channelId) => ({ matchId, marketId: market!.id, channelId, language: 'en', nodeId: 'INPLAY', parts })));
    await db.insert(matchContents).values({ matchId, marketId: market!.id, channelId: 1, language: 'da', nodeId: 'H1-A0', parts });
  }
  return fixtures.map((f) => f.id);
}

/** The hand-made feed of replay.test.ts as ingest messages, kick-off 60 s after `baseMs`. */
export function handMadeFeed(baseMs: number): FeedMessage[] {
  const at = (s: number) => new Date(baseMs + s * 1000).toISOString();
  const offer = (clock: number | null, home: number, away: number, score: string, extra: object = {}): FeedMessage =>
    ({
      type: 'offer',
      source_id: `o-${clock ?? 'pre'}`,
      sent_at: at(clock === null ? 0 : 60 + clock),
      market: { type_id: 1, line: null },
      outcomes: [
        { label: '1', line: null, odds: home },
        { label: 'X', line: null, odds: 3300 },
        { label: '2', line: null, odds: away },
      ],
      match_time: clock,
      prematch: clock === null,
      score: clock === null ? 'PRE' : score,
      ...extra,
    }) as FeedMessage;
  const event = (clock: number, id: string, fields: object): FeedMessage =>
    ({ type: 'event', source_id: id, sent_at: at(60 + clock), match_time: clock, period: 1, ...fields }) as FeedMessage;
  return [
    offer(null, 2400, 3000, 'PRE'),
    event(0, 'kick-off', { kind: 'period_start', score: 'H0-A0' }),
    offer(60, 2450, 3000, 'H0-A0'),
    offer(120, 2500, 3000, 'H0-A0'),
    offer(150, 2600, 3000, 'H0-A0'),
    offer(180, 2400, 3000, 'H0-A0'),
    offer(210, 2550, 3000, 'H0-A0'),
    offer(270, 2550, 3000, 'H0-A0'),
    event(340, 'suspend-1', { kind: 'suspension', suspended: true }),
    event(350, 'goal-1', { kind: 'goal', side: 'home', score: 'H1-A0' }),
    offer(360, 1500, 6000, 'H1-A0', { suspended: true }),
    event(410, 'resume-1', { kind: 'suspension', suspended: false }),
    offer(420, 1500, 6000, 'H1-A0'),
    event(590, 'suspend-2', { kind: 'suspension', suspended: true }),
    event(600, 'goal-2', { kind: 'goal', side: 'away', score: 'H1-A1' }),
    event(660, 'resume-2', { kind: 'suspension', suspended: false }),
    offer(670, 2800, 2900, 'H1-A1'),
    offer(730, 2800, 2900, 'H1-A1'),
    event(900, 'half-time', { kind: 'period_end' }),
  ];
}

/** What each match of the hand-made feed gives (replay.test.ts, with the email RECORDED). */
const EXPECTED = {
  deliveries: [
    '120s C1 en SENT',
    '120s C2 en RECORDED',
    '120s C3 en RECORDED',
    '120s C5 en RECORDED',
    '270s C1 en SENT',
    '270s C5 en RECORDED',
    '730s C1 en SENT',
    '730s C2 en RECORDED',
    '730s C5 en RECORDED',
  ].sort(),
  suppressions: [
    '120s C4 NO_CONTENT',
    '210s home MIN_INTERVAL',
    '270s C2 RATE_LIMIT_MINUTES',
    '270s C3 MARKET_PERIOD_CAP',
    '270s C4 NO_CONTENT',
    // away's fall at 670 s is the 1-1's repricing: a goal resets RELATIVE, so it never crosses.
    '670s home SEND_DELAY',
    '730s C3 MARKET_PERIOD_CAP',
    '730s C4 NO_CONTENT',
  ].sort(),
};

/**
 * The same on Postgres, as a deployment runs it: the push contacts' provider has no FCM credentials,
 * so their pushes are CHANNEL_NOT_CONFIGURED suppressions (docs/engine-rules.md), checked before the
 * rate limits (so C3's period cap is never reached); only the embedded demo records them. The
 * workers have a mail server (SMTP_URL; without one the email contact would be
 * CHANNEL_NOT_CONFIGURED too), so the email contact's deliveries are SENT.
 */
export const EXPECTED_ON_POSTGRES = {
  deliveries: EXPECTED.deliveries.filter((line) => !/ C[35] /.test(line)).map((line) => line.replace(/ C2 en RECORDED$/, ' C2 en SENT')),
  suppressions: [
    ...EXPECTED.suppressions.filter((line) => !line.includes('C3 MARKET_PERIOD_CAP')),
    ...['120s', '270s', '730s'].flatMap((at) => [`${at} C3 CHANNEL_NOT_CONFIGURED`, `${at} C5 CHANNEL_NOT_CONFIGURED`]),
  ].sort(),
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A match's deliveries and suppressions in the words of EXPECTED, and its offer and event counts. */
export async function outcomeOf(db: Db, matchId: number) {
  const deliveries = rowsOf<{ line: string }>(
    await db.execute(sql`
    select o.match_time || 's ' || left(c.name, 2) || ' ' || d.language || ' ' || d.status as line
    from deliveries d join offers o on o.id = d.offer_id join contacts c on c.id = d.contact_id where d.match_id = ${matchId}`),
  )
    .map((r) => r.line)
    .sort();
  const suppressions = rowsOf<{ line: string }>(
    await db.execute(sql`
    select coalesce(s.match_time::text || 's', 'PRE') || ' ' || coalesce(left(c.name, 2), s.outcome) || ' ' || s.reason as line
    from suppressions s left join contacts c on c.id = s.contact_id where s.match_id = ${matchId}`),
  )
    .map((r) => r.line)
    .sort();
  const [counts] = rowsOf<{ offers: number; events: number }>(
    await db.execute(sql`
    select (select count(*)::int from offers where match_id = ${matchId}) as offers, (select count(*)::int from match_events where match_id = ${matchId}) as events`),
  );
  return { deliveries, suppressions, offers: counts!.offers, events: counts!.events };
}
