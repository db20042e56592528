import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { contacts, deliveries, leagues, matches, suppressions } from '../db/schema';
import { Engine } from '../engine/engine';
import { complianceChannels } from '../engine/compliance/engine-fixture';
import { FEEDS_DIR, readFeedFile, toMessage } from '../feeds/jsonl';
import { createTestUpstream, type TestUpstream } from '../testing';
import { seedComplianceDemo } from './compliance-demo';

/**
 * The embedded demo's customers (compliance-demo.ts, compliance-demo-live.ts) through one pass of
 * the live match `npm start` replays (infra/feeds/netherlands-usa-2022-round-of-16.jsonl, each
 * offset's messages in one call at its time, as replay.ts sends them), on the real engine with the
 * demo's settings (simulated sends, the suppression list's hash key): some customers are sent to,
 * and each kind of refusal the demo shows is stored for the customer meant to show it. The pass is
 * dated 09:00 UTC in July: London, Tokyo and Stockholm are awake, Los Angeles and Toronto in their
 * quiet hours.
 */

const SEEDED = new Date('2031-07-01T08:50:00Z');
const PASS_AT = Date.parse('2031-07-01T09:00:00Z');

let upstream: TestUpstream;
let db: Db;
let matchId: number;

beforeAll(async () => {
  upstream = await createTestUpstream({ now: SEEDED });
  db = upstream.database.db;
  const settings = complianceChannels();
  await seedComplianceDemo(db, settings.compliance.hashKey);
  const [live] = await db
    .select({ id: matches.id })
    .from(matches)
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .where(and(eq(leagues.uniqueId, 'wc-classics'), eq(matches.name, 'Netherlands - USA')));
  matchId = live!.id;
  const feed = readFeedFile(new URL('netherlands-usa-2022-round-of-16.jsonl', FEEDS_DIR));
  let clock = PASS_AT;
  const engine = new Engine(db, { dispatch: false, now: () => clock, sending: { channels: settings } });
  for (const offset of new Set(feed.messages.map((m) => m.offset_ms))) {
    clock = PASS_AT + offset;
    await engine.ingest(
      matchId,
      feed.messages.filter((m) => m.offset_ms === offset).map((m) => toMessage(m, PASS_AT)),
    );
  }
  await engine.close();
}, 300_000);
afterAll(async () => {
  await upstream?.close();
});

describe('the demo’s customers through a pass of the live replay', () => {
  it('are sent to, and refused for each kind of reason the demo shows', async () => {
    const customer = and(eq(contacts.providerId, 1), like(contacts.name, 'Customer – %'));
    const refused = await db
      .select({ name: contacts.name, outcome: suppressions.reason })
      .from(suppressions)
      .innerJoin(contacts, eq(contacts.id, suppressions.contactId))
      .where(and(eq(suppressions.matchId, matchId), customer));
    const sent = await db
      .select({ name: contacts.name })
      .from(deliveries)
      .innerJoin(contacts, eq(contacts.id, deliveries.contactId))
      .where(and(eq(deliveries.matchId, matchId), customer));
    const outcomes: Record<string, string[]> = {};
    for (const { name, outcome } of [...refused, ...sent.map((s) => ({ name: s.name, outcome: 'SENT' }))])
      outcomes[name] = [...new Set([...(outcomes[name] ?? []), outcome])].sort();
    expect(outcomes).toEqual({
      'Customer – Anna (London, app)': ['SENT'],
      'Customer – Kenji (Tokyo, app)': ['SENT'],
      'Customer – Maria (Los Angeles, app)': ['QUIET_HOURS'],
      'Customer – Emma (Ontario, app)': ['QUIET_HOURS'],
      'Customer – Oskar (self-excluded)': ['SUPPRESSION_LIST'],
      'Customer – Liv (consent withdrawn)': ['CONSENT_WITHDRAWN'],
      'Customer – Jonas (no consent)': ['NO_CONSENT'],
      // The goals push, then his alert on Both Teams to Score: one over the cap.
      'Customer – Sven (Stockholm, daily cap 1)': ['DAILY_CAP', 'SENT'],
      // Every text of the live match urges a bet.
      'Customer – Ethan (Boston, app)': ['JURISDICTION_CONTENT'],
    });
  });
});
