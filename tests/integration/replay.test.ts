/**
 * A recorded feed replayed at speed 0 into a fresh upstream over HTTP (the real replayer, the real
 * ingest route), with the deliveries and suppressions it must produce worked out by hand below;
 * then replayed again, which changes nothing (idempotency). Channels reach a webhook receiver and
 * an SMTP server on loopback. Last, the shipped demo feed through the `feed:replay` command.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveriesReply, ListReply, Match, MatchLiveState, Suppression } from '@odds/protocol';
import {
  createTestUpstream,
  FEEDS_DIR,
  loopbackWebhooks,
  parseFeed,
  readFeedFile,
  recordFeed,
  replayFeed,
  type TestUpstream,
  UpstreamClient,
} from '@odds/upstream/testing';
import { prepareMatches } from '../support/engine-fixture';

const run = promisify(execFile);
let upstream: TestUpstream;
let url: string;
let client: UpstreamClient;
let hooks: Server;
let smtp: SMTPServer;
const webhookCalls: { delivery_id: number; contact: { name: string } }[] = [];
const mails: string[] = [];
let matchId: number;

async function listen(server: Server | SMTPServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return ((server instanceof SMTPServer ? server.server : server).address() as AddressInfo).port;
}

beforeAll(async () => {
  hooks = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      webhookCalls.push(JSON.parse(body));
      response.writeHead(204).end();
    });
  });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push(data);
        done();
      });
    },
  });
  const hookUrl = `http://127.0.0.1:${await listen(hooks)}/hook`;
  upstream = await createTestUpstream({
    smtp: { url: `smtp://127.0.0.1:${await listen(smtp)}`, from: 'offers@odds-console.local' },
    webhooks: loopbackWebhooks(),
  });
  await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
  client = await UpstreamClient.connect({ url, token: await upstream.login() });
  await prepare(hookUrl);
});

afterAll(async () => {
  await upstream?.close();
  hooks.closeAllConnections();
  await new Promise((resolve) => hooks.close(resolve));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/**
 * The fifth World Cup Classics fixture (no seeded sets, content or trackers), its Match Result
 * market with known settings, five contacts of our own (the seeded ones are switched off), two
 * threshold sets and in-play content (tests/support/engine-fixture.ts, shared with the broker suite).
 */
async function prepare(hookUrl: string): Promise<void> {
  [matchId] = (await prepareMatches(upstream.database.db, hookUrl, 1)) as [number];
}

/** The hand-made recording: offsets are 60 s + match clock (kick-off at 60 s). */
function recording(): string {
  const offer = (clock: number | null, home: number, away: number, score: string, extra: object = {}) => ({
    offset_ms: (clock === null ? 0 : 60 + clock) * 1000,
    type: 'offer',
    source_id: `o-${clock ?? 'pre'}`,
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
  });
  const event = (clock: number, id: string, fields: object) => ({
    offset_ms: (60 + clock) * 1000,
    type: 'event',
    source_id: id,
    match_time: clock,
    period: 1,
    ...fields,
  });
  const lines = [
    {
      offset_ms: 0,
      type: 'header',
      format: 'odds-feed/1',
      name: 'hand-made',
      match: { name: 'test', home: 'A', away: 'B' },
      source: 'replay.test.ts',
      markets: [],
    },
    offer(null, 2400, 3000, 'PRE'),
    event(0, 'kick-off', { kind: 'period_start', score: 'H0-A0' }),
    offer(60, 2450, 3000, 'H0-A0'),
    offer(120, 2500, 3000, 'H0-A0'), // VALUE home 2.50 reached: firing 1
    offer(150, 2600, 3000, 'H0-A0'), // still met: held
    offer(180, 2400, 3000, 'H0-A0'), // cleared: re-armed
    offer(210, 2550, 3000, 'H0-A0'), // ready, but 90 s after firing 1 < 120 s: MIN_INTERVAL
    offer(270, 2550, 3000, 'H0-A0'), // 150 s after: firing 2
    event(340, 'suspend-1', { kind: 'suspension', suspended: true }),
    event(350, 'goal-1', { kind: 'goal', side: 'home', score: 'H1-A0' }),
    offer(360, 1500, 6000, 'H1-A0', { suspended: true }), // suspended: never evaluated
    event(410, 'resume-1', { kind: 'suspension', suspended: false }),
    offer(420, 1500, 6000, 'H1-A0'), // home under 2.50: cleared
    event(590, 'suspend-2', { kind: 'suspension', suspended: true }),
    event(600, 'goal-2', { kind: 'goal', side: 'away', score: 'H1-A1' }),
    event(660, 'resume-2', { kind: 'suspension', suspended: false }),
    offer(670, 2800, 2900, 'H1-A1'), // home met, held 70 s after the goal (SEND_DELAY); away's fall from 6.00 is the 1-1's repricing (a goal resets RELATIVE)
    offer(730, 2800, 2900, 'H1-A1'), // home fires (firing 3)
    event(900, 'half-time', { kind: 'period_end' }),
  ];
  const dir = mkdtempSync(join(tmpdir(), 'replay-'));
  const file = join(dir, 'hand-made.jsonl');
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n'));
  return file;
}

async function outcome() {
  const deliveries = await client.call<DeliveriesReply>('GET', `/api/1/delivery/match/${matchId}?limit=100&sort=id`);
  const suppressions = await client.call<ListReply<Suppression>>('GET', `/api/1/match/${matchId}/suppressions?limit=100`);
  const minute = (t: number | null) => (t === null ? 'PRE' : `${t}s`);
  const clockOf = new Map<number, number>();
  for (const offer of (await client.feed(matchId)).results) clockOf.set(offer.id, offer.match_time!);
  return {
    deliveries: deliveries.deliveries.map((d) => `${minute(clockOf.get(d.offer_id!) ?? null)} ${d.contact.name.slice(0, 2)} ${d.language} ${d.status}`).sort(),
    suppressions: suppressions.results.map((s) => `${minute(s.match_time)} ${s.contact?.name.slice(0, 2) ?? s.outcome} ${s.reason}`).sort(),
  };
}

describe('replaying a recorded feed into a fresh upstream', () => {
  let file: string;

  it('produces exactly the deliveries and suppressions worked out by hand', async () => {
    file = recording();
    const done = await replayFeed({ client, matchId, feed: readFeedFile(file), speed: 0, baseMs: Date.parse('2031-06-01T17:59:00Z') });
    expect(done.totals).toMatchObject({ offers: 11, events: 8, duplicates: 0, firings: 3, deliveries: 9, suppressions: 8 });
    await upstream.app.engine.drain();
    expect(await outcome()).toEqual({
      deliveries: [
        // Firing 1 (120 s): webhook partner (sent for real), email VIP (mailed), push fans (en; no da in play), tracker (en).
        '120s C1 en SENT',
        '120s C2 en SENT',
        '120s C3 en RECORDED',
        '120s C5 en RECORDED',
        // Firing 2 (270 s): the email VIP is inside its 5 minutes, the push fans have had their period-1 push.
        '270s C1 en SENT',
        '270s C5 en RECORDED',
        // Firing 3 (730 s): the email VIP again (610 s later, second of max 2).
        '730s C1 en SENT',
        '730s C2 en SENT',
        '730s C5 en RECORDED',
      ].sort(),
      suppressions: [
        '120s C4 NO_CONTENT',
        '210s home MIN_INTERVAL',
        '270s C2 RATE_LIMIT_MINUTES',
        '270s C3 MARKET_PERIOD_CAP',
        '270s C4 NO_CONTENT',
        '670s home SEND_DELAY',
        '730s C3 MARKET_PERIOD_CAP',
        '730s C4 NO_CONTENT',
      ].sort(),
    });
    expect(webhookCalls.map((c) => c.contact.name)).toEqual(['C1 webhook partner', 'C1 webhook partner', 'C1 webhook partner']);
    expect(mails).toHaveLength(2);
    const match = await client.match(matchId);
    expect(mails[0]).toContain(`Subject: ${match.home.name} v ${match.away.name}, 3'`);
  });

  it('gives the same result when replayed again (idempotent by source id)', async () => {
    const before = await outcome();
    const again = await replayFeed({ client, matchId, feed: readFeedFile(file), speed: 0, baseMs: Date.parse('2031-06-01T17:59:00Z') });
    expect(again.totals).toMatchObject({ duplicates: 19, offers: 0, events: 0, firings: 0, deliveries: 0 });
    await upstream.app.engine.drain();
    expect(await outcome()).toEqual(before);
    expect(webhookCalls).toHaveLength(3);
    expect(mails).toHaveLength(2);
  });

  it("moved the fixture's start to its kick-off, and keeps its live state", async () => {
    const live = await client.call<MatchLiveState>('GET', `/api/1/match/${matchId}/live`);
    expect(live).toMatchObject({ status: 'LIVE', period: 1, score: 'H1-A1', match_time: 900, suspended: false, kicked_off_at: '2031-06-01T18:00:00.000Z' });
    expect((await client.match(matchId)).start).toBe('2031-06-01T18:00:00.000Z');
  });
});

describe('recording what an upstream publishes', () => {
  it("writes the match's feed as a recording that reads back, markets named by type and line", async () => {
    const lines: object[] = [];
    const count = await recordFeed({ client, matchId, follow: false, write: (line) => lines.push(line) });
    expect(count).toBe(19);
    const feed = parseFeed(lines.map((l) => JSON.stringify(l)).join('\n'));
    expect(feed.header).toMatchObject({ format: 'odds-feed/1', match: { name: (await client.match(matchId)).name } });
    expect(feed.messages[0]).toMatchObject({ offset_ms: 0, type: 'offer', source_id: 'o-pre', market: { type_id: 1, line: null }, prematch: true });
    // Offsets are the feed clock from the first message: the kick-off 60 s in, the half-time event at 960 s.
    expect(feed.messages.find((m) => m.source_id === 'kick-off')!.offset_ms).toBe(60_000);
    expect(feed.messages.at(-1)).toMatchObject({ source_id: 'half-time', offset_ms: 960_000 });
    // Each message keeps its own sent_at; base_at is the feed clock of offset 0.
    expect(feed.messages.every((m) => !('market_id' in m) && m.sent_at === new Date(Date.parse(feed.header.base_at!) + m.offset_ms).toISOString())).toBe(true);
  });

  it('follows the change stream until the match ends', async () => {
    const [next] = (await client.matches({ q: 'World Cup Classics', order_by: 'start', limit: 100 })).results
      .filter((m: Match) => m.league.name === 'World Cup Classics')
      .slice(6);
    const lines: object[] = [];
    const recording = recordFeed({ client, matchId: next!.id, follow: true, write: (line) => lines.push(line) });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const at = (s: number) => new Date(Date.parse('2031-06-02T18:00:00Z') + s * 1000).toISOString();
    await client.ingest(next!.id, [{ type: 'event', source_id: 'ko', sent_at: at(0), kind: 'period_start', period: 1, match_time: 0 }]);
    await client.ingest(next!.id, [{ type: 'event', source_id: 'end', sent_at: at(5700), kind: 'match_end', match_time: 5700 }]);
    expect(await recording).toBe(2);
    expect(lines.slice(1)).toMatchObject([
      { offset_ms: 0, source_id: 'ko' },
      { offset_ms: 5_700_000, source_id: 'end' },
    ]);
  });
});

describe('npm run feed:replay', () => {
  it('replays a shipped demo feed at speed 0 onto the World Cup Classics fixture with its teams, printing progress', async () => {
    const file = new URL('netherlands-usa-2022-round-of-16.jsonl', FEEDS_DIR).pathname;
    const token = await upstream.login();
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'infra/upstream/src/feeds/replay-cli.ts',
        file,
        '--speed',
        '0',
        '--upstream',
        url,
        '--token',
        token,
        '--league',
        'World Cup Classics',
      ],
      { cwd: new URL('../..', import.meta.url).pathname },
    );
    const [match] = (await client.matches({ q: 'Netherlands', order_by: 'start', limit: 50 })).results.filter(
      (m: Match) => m.league.name === 'World Cup Classics',
    );
    expect(stdout).toContain(`into match ${match!.id} Netherlands - USA`);
    expect(stdout).toMatch(/done: \[\d\d:\d\d H3-A1\] 531\/531 messages · offers 512 · events 19/);
    const { db } = upstream.database;
    const counts = await db.execute(sql`select status, count(*)::int as n from offers where match_id = ${match!.id} group by status order by status`);
    const byStatus = Object.fromEntries((counts as unknown as { rows: { status: string; n: number }[] }).rows.map((r) => [r.status, r.n]));
    expect(byStatus.SUSPENDED).toBeGreaterThan(0);
    expect(byStatus.TRIGGERED).toBeGreaterThan(0);
    // Nothing is delivered for a suspended offer.
    const onSuspended = await db.execute(
      sql`select count(*)::int as n from deliveries d join offers o on o.id = d.offer_id where o.match_id = ${match!.id} and o.status = 'SUSPENDED'`,
    );
    expect((onSuspended as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
