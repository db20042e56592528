import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { uofProducers, uofRecoveries } from '../../db/schema';
import { FALLBACK_PRODUCERS, parseProducers } from './producer-list';
import { Producers } from './producers';
import { uofRecoveryApi } from './recovery-api';
import { readEnvironment } from '@odds/ops';
import { uofSettings } from './settings';

let database: Database;
let clock = Date.parse('2026-11-28T15:00:00Z');
const asked: { producer: number; requestId: number; afterMs: number | null; at: number }[] = [];
let fail = false;
const events: string[] = [];
const quiet = { warn: () => {}, info: () => {} };

function producers(settings: Partial<ConstructorParameters<typeof Producers>[2]> = {}): Producers {
  return new Producers(
    database.db,
    async (producer, requestId, afterMs) => {
      asked.push({ producer, requestId, afterMs, at: clock });
      if (fail) throw new Error('fake UOF API answered 503');
    },
    { aliveTimeoutS: 20, recoveryTimeoutS: 300, recoveryIntervalS: 30, maxDelayS: 20, ...settings },
    {
      down: async (producer, reason) => void events.push(`${producer} down: ${reason}`),
      up: async (producer) => void events.push(`${producer} up`),
    },
    quiet,
    () => clock,
  );
}

/** Alive, recovery asked, snapshot complete: the producer is up. */
async function bringUp(p: Producers, id: number): Promise<void> {
  await p.onAlive(id, clock, true);
  await p.onSnapshotComplete(id, asked.at(-1)!.requestId, clock);
  expect(p.state(id)).toBe('up');
}

beforeAll(async () => {
  database = await openDatabase('memory://');
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(uofProducers);
  await database.db.delete(uofRecoveries);
  asked.length = 0;
  events.length = 0;
  fail = false;
});

describe('the producer list', () => {
  it('has the vendor paths built in: 4 betpal, 5 premium_cricket, 6 vf, 7 wns, 8 vbl', () => {
    expect([1, 3, 4, 5, 6, 7, 8].map((id) => FALLBACK_PRODUCERS.get(id)!.path)).toEqual(['liveodds', 'pre', 'betpal', 'premium_cricket', 'vf', 'wns', 'vbl']);
    expect(FALLBACK_PRODUCERS.get(1)).toMatchObject({ name: 'LO', scope: 'live', windowMinutes: 600 });
  });

  it('reads producers.xml: the recovery path from api_url, scope, active, the stateful recovery window', () => {
    const list = parseProducers(
      `<?xml version="1.0" encoding="UTF-8"?><producers response_code="OK">
        <producer id="1" name="LO" description="Live Odds" api_url="https://api.betradar.com/v1/liveodds/" active="true" scope="live" stateful_recovery_window_in_minutes="600"/>
        <producer id="4" name="BetPal" description="BetPal" api_url="https://api.betradar.com/v1/betpal/" active="false" scope="live" stateful_recovery_window_in_minutes="4320"/>
      </producers>`,
    );
    expect([...list.values()]).toEqual([
      { id: 1, name: 'LO', path: 'liveodds', scope: 'live', active: true, windowMinutes: 600 },
      { id: 4, name: 'BetPal', path: 'betpal', scope: 'live', active: false, windowMinutes: 4320 },
    ]);
    expect(() => parseProducers('<producers response_code="OK"/>')).toThrow('lists no producer');
  });

  it("sends a producer's recovery to its own path", async () => {
    const urls: string[] = [];
    const request = uofRecoveryApi('http://uof.test/', 'token', (id) => FALLBACK_PRODUCERS.get(id)!.path, (async (url: string) => {
      urls.push(url);
      return new Response('', { status: 202 });
    }) as typeof fetch);
    await request(4, 7, 1_000);
    expect(urls).toEqual(['http://uof.test/v1/betpal/recovery/initiate_request?request_id=7&after=1000']);
  });

  it('refuses a recovery interval below 20 s', () => {
    expect(() => uofSettings(readEnvironment('api', { UOF_AMQP_URL: 'amqp://x', UOF_RECOVERY_INTERVAL_S: '10' }))).toThrow(
      'UOF_RECOVERY_INTERVAL_S must be a whole number of seconds from 20',
    );
    expect(uofSettings(readEnvironment('api', { UOF_AMQP_URL: 'amqp://x' }))).toMatchObject({
      recoveryIntervalS: 30,
      maxDelayS: 20,
      maxAttempts: 3,
      maxMessageBytes: 4_194_304,
    });
  });
});

describe('recoveries by the vendor rules', () => {
  it('asks at most every 30 s per producer through a storm of 10 reconnects in a minute', async () => {
    const p = producers();
    await bringUp(p, 1);
    await bringUp(p, 3);
    asked.length = 0;
    const start = clock;
    for (let n = 0; n < 10; n += 1) {
      await p.connectionLost();
      expect([p.state(1), p.state(3)]).toEqual(['down', 'down']);
      await p.reconnected();
      await p.onAlive(1, clock, true);
      await p.onAlive(3, clock, true);
      for (let s = 0; s < 6; s += 1) {
        clock += 1_000;
        await p.check();
      }
    }
    expect(clock - start).toBe(60_000);
    for (const id of [1, 3]) {
      const times = asked.filter((a) => a.producer === id).map((a) => a.at - start);
      expect(times.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(30_000);
    }
    expect(events.filter((e) => e === '1 down: connection lost')).toHaveLength(1);
  });

  it("clamps `after` to the producer's recovery window after a 5-day outage", async () => {
    const p = producers();
    await bringUp(p, 1);
    await bringUp(p, 3);
    await p.onAlive(1, clock, true); // the last good time: now
    await p.onAlive(3, clock, true);
    clock += 5 * 24 * 3600_000;
    await p.check(); // no alive for 5 days: down
    clock += 60_000; // past the interval since the last request
    await p.onAlive(1, clock, true);
    await p.onAlive(3, clock, true);
    const last = (id: number) => asked.filter((a) => a.producer === id).at(-1)!;
    // Live odds keeps 600 minutes, prematch 4,320: asked a minute inside each.
    expect(last(1).afterMs).toBe(clock - 600 * 60_000 + 60_000);
    expect(last(3).afterMs).toBe(clock - 4320 * 60_000 + 60_000);
  });

  it('asks once for subscribed=0, not on every alive, and retries a failed request after the interval, not 1 s', async () => {
    const p = producers();
    await bringUp(p, 1);
    asked.length = 0;
    fail = true;
    clock += 30_000;
    for (let n = 0; n < 6; n += 1) {
      await p.onAlive(1, clock, false);
      clock += 5_000;
      await p.check();
    }
    // t=0 asked (failed), t=30 s asked again, nothing in between.
    expect(asked.map((a) => a.at - asked[0]!.at)).toEqual([0, 30_000]);
    expect(p.state(1)).toBe('recovering');
  });

  it('restarts a recovery only when none of its messages came for 300 s', async () => {
    const p = producers();
    await p.onAlive(1, clock, true);
    const first = asked.at(-1)!;
    for (let n = 0; n < 5; n += 1) {
      clock += 100_000;
      p.onMessage(1, clock, first.requestId); // the snapshot is still coming
      await p.onAlive(1, clock, true);
      await p.check();
    }
    expect(asked).toHaveLength(1);
    clock += 299_000;
    await p.onAlive(1, clock, true);
    await p.check();
    expect(asked).toHaveLength(1);
    clock += 1_000;
    await p.onAlive(1, clock, true);
    await p.check();
    expect(asked).toHaveLength(2);
    expect(asked[1]!.requestId).toBeGreaterThan(first.requestId);
  });
});

describe('feed delay', () => {
  it('puts a producer down while its messages arrive more than 20 s late, and up again (no recovery) when they catch up', async () => {
    const p = producers();
    await bringUp(p, 1);
    asked.length = 0;
    await p.observe(1, clock - 5_000, null);
    expect(p.views()).toEqual([{ id: 1, name: 'LO', state: 'up', delayMs: 5_000 }]);
    await p.observe(1, clock - 25_000, null);
    expect(p.state(1)).toBe('down');
    expect(events.at(-1)).toBe('1 down: messages 25 s behind');
    // A late alive does not start a recovery: it would not help.
    await p.onAlive(1, clock - 24_000, true);
    expect(asked).toEqual([]);
    // A recovery's messages are old by nature: not counted.
    await p.observe(1, clock - 3600_000, 99);
    expect(p.state(1)).toBe('down');
    await p.observe(1, clock - 1_000, null);
    expect(p.state(1)).toBe('up');
    expect(events.at(-1)).toBe('1 up');
    expect(asked).toEqual([]);
  });

  it('never puts a producer down for delay with UOF_MAX_DELAY_S=0 (replays of old recordings)', async () => {
    const p = producers({ maxDelayS: 0 });
    await bringUp(p, 1);
    await p.observe(1, clock - 3600_000, null);
    expect(p.state(1)).toBe('up');
  });
});
