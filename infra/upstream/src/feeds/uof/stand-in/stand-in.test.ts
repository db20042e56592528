import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyMessage, uofApiCall } from '../api-client';
import { uofFixtureApi } from '../fixture-api';
import { MarketDescriptions } from '../market-descriptions';
import { FALLBACK_PRODUCERS } from '../producer-list';
import { uofRecoveryApi } from '../recovery-api';
import { buildStandIn, type StandIn } from './server';
import type { SnapshotPublisher } from './snapshots';

/** The recovery path of a producer as the vendor's list names it (the SDKs' list, which the stand-in serves). */
const pathOf = (producer: number) => FALLBACK_PRODUCERS.get(producer)!.path;

/** The adapter's UOF API clients (fixture, recovery, market descriptions) against the stand-in on a real port. */
const TOKEN = 'stand-in-test-token';
// The stand-in's clock: 40 minutes into the 2022 final (Argentina 2–0 France by then).
const CLOCK = Date.parse('2022-12-18T15:40:00Z');

describe('the UOF stand-in', () => {
  let standIn: StandIn;
  let base: string;
  const published: Parameters<SnapshotPublisher['snapshotComplete']>[0][] = [];

  beforeAll(async () => {
    const snapshots: SnapshotPublisher = {
      snapshotComplete: async (message) => void published.push(message),
      close: async () => {},
    };
    standIn = await buildStandIn({ tokens: [TOKEN, 'other-token'], now: () => CLOCK, snapshots, snapshotDelayMs: 10 });
    await standIn.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(standIn.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await standIn.app.close();
  });

  it('refuses a call without a configured token with 403 and the vendor-shaped body', async () => {
    for (const headers of [{}, { 'x-access-token': 'wrong' }] as Record<string, string>[]) {
      const reply = await fetch(`${base}/v1/descriptions/producers.xml`, { headers });
      expect(reply.status).toBe(403);
      expect(await reply.text()).toContain('response_code="FORBIDDEN"');
    }
    await expect(uofFixtureApi(base, 'wrong')('sr:match:2022064')).rejects.toThrow('answered 403: Access forbidden');
    await expect(uofRecoveryApi(base, null, pathOf)(1, 1, null)).rejects.toThrow('answered 403');
  });

  it('serves the producers with their paths on its own address and their recovery windows', async () => {
    const text = await (await uofApiCall(base, TOKEN)('/v1/descriptions/producers.xml')).text;
    expect(text).toContain(
      `id="1" name="LO" description="Live Odds" api_url="${base}/v1/liveodds/" active="true" scope="live" stateful_recovery_window_in_minutes="600"`,
    );
    expect(text).toContain('id="4" name="BetPal"');
    expect(text).toContain('/v1/betpal/');
  });

  it('answers the fixture client with the teams and kick-off of the recorded feeds’ events', async () => {
    const fixture = uofFixtureApi(base, TOKEN);
    expect(await fixture('sr:match:2022064')).toEqual({ home: 'Argentina', away: 'France', startTime: Date.parse('2022-12-18T15:00:00Z') });
    expect(await fixture('sr:match:2022057')).toEqual({ home: 'Croatia', away: 'Brazil', startTime: Date.parse('2022-12-09T15:00:00Z') });
    expect(await fixture('sr:match:999')).toBeNull();
  });

  it('gives the summary on its clock: the final live at 2–0 after 40 minutes', async () => {
    const reply = await uofApiCall(base, TOKEN)('/v1/sports/en/sport_events/sr:match:2022064/summary.xml');
    expect(reply.text).toContain('<sport_event_status status="live" match_status="1st_half" home_score="2" away_score="0" match_status_code="6"/>');
    const closed = await uofApiCall(base, TOKEN)('/v1/sports/en/sport_events/sr:match:2022063/summary.xml');
    expect(closed.text).toMatch(/status="closed" match_status="ended" home_score="2" away_score="1" winner_id="sr:competitor:7009" match_status_code="100"/);
  });

  it('serves schedules of a day, the live schedule, a tournament with its groups and a competitor', async () => {
    const call = uofApiCall(base, TOKEN);
    const day = (await call('/v1/sports/en/schedules/2022-12-09/schedule.xml')).text;
    expect(day.match(/<sport_event /g)).toHaveLength(2);
    expect(day).toContain('id="sr:match:2022057"');
    const live = (await call('/v1/sports/en/schedules/live/schedule.xml')).text;
    expect(live.match(/<sport_event id="([^"]+)"/g)).toEqual(['<sport_event id="sr:match:2022064"']);
    expect((await call('/v1/sports/en/schedules/2022-13-40/schedule.xml')).status).toBe(400);
    const info = (await call('/v1/sports/en/tournaments/sr:tournament:16/info.xml')).text;
    expect(info).toContain('<current_season id="sr:season:2022"');
    expect(info.match(/<group /g)).toHaveLength(8);
    expect((await call('/v1/sports/en/tournaments/sr:season:2018/info.xml')).text).toContain('name="World Cup 2018"');
    const profile = await call('/v1/sports/en/competitors/sr:competitor:7001/profile.xml');
    expect(profile.text).toContain('<competitor id="sr:competitor:7001" name="Argentina" country="Argentina" abbreviation="ARG">');
    expect((await call('/v1/sports/en/competitors/sr:competitor:1/profile.xml')).status).toBe(404);
  });

  it('answers the descriptions client: names, outcomes, groups and the variants of a variant market', async () => {
    const descriptions = new MarketDescriptions(uofApiCall(base, TOKEN), { language: 'en', ttlMs: 60_000 });
    const markets = await descriptions.markets();
    expect(markets.get(18)).toMatchObject({ name: 'Total', groups: ['all', 'score', 'regular_play'], specifiers: [{ name: 'total', type: 'decimal' }] });
    expect(markets.get(18)!.outcomes).toEqual([
      { id: '13', name: 'under {total}' },
      { id: '12', name: 'over {total}' },
    ]);
    expect(markets.get(21)).toMatchObject({ name: 'Exact goals', outcomes: [], variants: ['sr:exact_goals:5+', 'sr:exact_goals:6+'] });
    expect(descriptions.groupsOf(60)).toEqual(['all', 'score', '1st_half']);
    expect((await descriptions.variant(23, 'sr:exact_goals:4+'))!.outcomes).toContainEqual({ id: 'sr:exact_goals:4+:94', name: '2' });
    expect(await descriptions.variant(21, 'sr:exact_goals:99+')).toBeNull();
  });

  it('accepts a recovery as the vendor does and publishes snapshot_complete with its request id', async () => {
    const recover = uofRecoveryApi(base, TOKEN, pathOf);
    await recover(1, 4711, CLOCK - 30 * 60_000);
    await recover(3, 4712, null);
    await expect
      .poll(() => published.map((p) => [p.product, p.requestId]))
      .toEqual([
        [1, 4711],
        [3, 4712],
      ]);
    expect(standIn.recoveries.slice(0, 2).map((r) => [r.producer, r.requestId, r.after])).toEqual([
      [1, 4711, CLOCK - 30 * 60_000],
      [3, 4712, null],
    ]);
  });

  it('refuses a recovery after a time older than the producer’s window, and a bad or unknown request', async () => {
    const recover = uofRecoveryApi(base, TOKEN, pathOf);
    await expect(recover(1, 1, CLOCK - 601 * 60_000)).rejects.toThrow('answered 400');
    const call = uofApiCall(base, TOKEN);
    const old = await call(`/v1/liveodds/recovery/initiate_request?request_id=1&after=${CLOCK - 601 * 60_000}`, { method: 'POST' });
    expect(replyMessage(old)).toBe("after 2022-12-18T05:39:00.000Z is older than producer 1's recovery window of 600 minutes.");
    expect((await call('/v1/liveodds/recovery/initiate_request?request_id=x', { method: 'POST' })).status).toBe(400);
    expect((await call('/v1/nosuch/recovery/initiate_request?request_id=1', { method: 'POST' })).status).toBe(404);
    // Producer 5 is listed but not active for the stand-in's bookmaker.
    expect((await call('/v1/premium_cricket/recovery/initiate_request?request_id=1', { method: 'POST' })).status).toBe(403);
  });
});
