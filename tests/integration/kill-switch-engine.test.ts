/**
 * The kill switch in the real engine (docs/engine-rules.md "Sends stopped"): the hand-made match of
 * tests/support/engine-fixture.ts ingested while its provider is stopped gives no delivery, and
 * each recipient of a firing is a SENDS_STOPPED suppression with the stop's words (checked before
 * the rate limits); after the resume the same feed on another fixture gives those recipients their
 * deliveries, or the rate limits' suppressions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUpstream, Engine, saveStop, suppressions, type TestUpstream } from '@odds/upstream/testing';
import { handMadeFeed, outcomeOf, prepareMatches } from '../support/engine-fixture';

describe('the kill switch in the engine (embedded)', () => {
  let upstream: TestUpstream;
  let matchIds: number[];

  beforeAll(async () => {
    upstream = await createTestUpstream();
    matchIds = await prepareMatches(upstream.database.db, 'http://127.0.0.1:9/hook', 2);
  }, 120_000);
  afterAll(() => upstream?.close());

  it('a stopped provider’s firings are SENDS_STOPPED suppressions; resumed, the same recipients get their deliveries or rate limits', async () => {
    const { db } = upstream.database;
    const admin = { id: 1, name: 'Ana' };
    const stopped = await saveStop(upstream.app.writes, admin, { provider_id: 1, stopped: true, reason: 'regulator call', version: 0 });
    const engine = new Engine(db, { dispatch: false });
    await engine.ingest(matchIds[0]!, handMadeFeed(Date.parse('2031-03-01T15:00:00Z')));
    const during = await outcomeOf(db, matchIds[0]!);
    expect(during.deliveries).toEqual([]);
    const held = during.suppressions.filter((line) => line.endsWith(' SENDS_STOPPED'));
    expect(held.length).toBeGreaterThan(2);
    const rows = await db.select({ reason: suppressions.reason, detail: suppressions.detail }).from(suppressions);
    for (const row of rows.filter((r) => r.reason === 'SENDS_STOPPED'))
      expect(row.detail).toMatch(/^sends stopped: Ana stopped every send of .+ \(regulator call\); an admin resumes them on the Compliance screen$/);

    await saveStop(upstream.app.writes, admin, { provider_id: 1, stopped: false, reason: '', version: stopped.version });
    // The notice of the resume reaches the engine's bus in the API process; this engine has its own: past its copy's age.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await engine.ingest(matchIds[1]!, handMadeFeed(Date.parse('2031-03-02T15:00:00Z')));
    const after = await outcomeOf(db, matchIds[1]!);
    const recipients = (lines: string[]) => [...new Set(lines.map((line) => line.split(' ').slice(0, 2).join(' ')))].sort();
    // Stopped is checked before the rate limits: those the limits hold back after the resume were held by the stop.
    const limited = after.suppressions.filter((line) => / C\d /.test(line) && !/ (NO_CONTENT|CHANNEL_NOT_CONFIGURED)$/.test(line));
    expect(limited.length).toBeGreaterThan(0);
    expect(recipients([...after.deliveries, ...limited])).toEqual(recipients(held));
    expect(after.suppressions.some((line) => line.endsWith(' SENDS_STOPPED'))).toBe(false);
  }, 120_000);
});
