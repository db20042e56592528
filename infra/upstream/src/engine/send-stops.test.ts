import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { decideOffer } from './decide';
import { RateLimiter } from './rate-limit';
import { emptyDecisions } from './records';
import { SendStops, stopDetail } from './send-stops';
import { contact, content, matchState, offer, set, subscribed } from './test-fixtures';

describe('a stopped provider in the engine’s decisions', () => {
  it('is a SENDS_STOPPED suppression with the stop’s words, not a delivery, and does not count as a push', () => {
    const who = contact(1, { rateLimited: true, limiter: { max_match_push: 1 } });
    const state = matchState({ sets: [set(1)], audience: [subscribed(who)], contents: [content(1)] });
    const limiter = new RateLimiter();
    const out = emptyDecisions();
    const detail = stopDetail({ reason: 'regulator call', by: 'Ana', at: new Date('2026-12-02T10:02:00Z'), provider: 'Nordic Sportsbook' });
    decideOffer(state, offer(10, { home: 2600 }), out, { limiter, smtp: false, nowMs: 0, stopped: detail });
    expect(out.deliveries).toEqual([]);
    expect(out.suppressions.map((s) => [s.reason, s.detail])).toEqual([
      [
        'SENDS_STOPPED',
        'sends stopped: Ana stopped every send of Nordic Sportsbook at 2026-12-02 10:02 UTC (regulator call); an admin resumes them on the Compliance screen',
      ],
    ]);
    // Resumed: the same contact's only push of the match (max 1) is still there to be made.
    decideOffer(state, offer(11, { home: 2400 }), out, { limiter, smtp: false, nowMs: 0 });
    decideOffer(state, offer(12, { home: 2600 }), out, { limiter, smtp: false, nowMs: 0, stopped: null });
    expect(out.deliveries).toHaveLength(1);
  });
});

describe('SendStops, the switch as one process holds it', () => {
  /** A database that answers the stopped rows it is given and counts the reads. */
  const fakeDb = (rows: object[]) => {
    const db = {
      reads: 0,
      rows,
      execute: async () => {
        db.reads += 1;
        return { rows: db.rows };
      },
    };
    return db;
  };
  const stopped = { provider_id: 3, provider: 'Acme', reason: 'r', changed_by: 'Ana', changed_at: '2026-12-02T10:00:00Z' };

  it('reads again when its copy is older than its age limit (one read for many asks; the copy answers meanwhile up to twice that), or at once after a notice', async () => {
    let now = 1_000;
    const db = fakeDb([]);
    const stops = new SendStops(db as unknown as Db, 250, () => now);
    expect(await Promise.all([stops.refusal(3), stops.refusal(3), stops.refusal(4)])).toEqual([null, null, null]);
    expect(db.reads).toBe(1);
    db.rows = [stopped];
    now += 249;
    expect(await stops.refusal(3)).toBeNull();
    expect(db.reads).toBe(1);
    // Older than its age limit, younger than twice it: answered from the copy while a read starts.
    now += 1;
    expect(await stops.refusal(3)).toBeNull();
    expect(db.reads).toBe(2);
    await Promise.resolve();
    expect(await stops.refusal(3)).toMatch(/^sends stopped: Ana stopped every send of Acme/);
    expect(await stops.refusal(4)).toBeNull();
    // Twice the limit old: the question waits for the read.
    db.rows = [];
    now += 500;
    expect(await stops.refusal(3)).toBeNull();
    db.rows = [{ ...stopped, provider_id: null, provider: null }];
    stops.forget();
    expect(await stops.refusal(4)).toMatch(/every send of the deployment/);
    expect(await stops.refusal(undefined)).toMatch(/every send of the deployment/);
    expect(db.reads).toBe(4);
    // The engine waits for the read once the copy is past its limit (no answer from an old copy).
    db.rows = [stopped];
    now += 250;
    expect(await stops.refusal(3, true)).toMatch(/every send of Acme/);
    expect(db.reads).toBe(5);
  });

  it('throws when the switch cannot be read: a send is never made on a guess', async () => {
    const stops = new SendStops({ execute: async () => Promise.reject(new Error('database away')) } as unknown as Db);
    await expect(stops.refusal(1)).rejects.toThrow('database away');
  });
});
