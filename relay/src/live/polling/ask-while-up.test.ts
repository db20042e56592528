/**
 * A busy upstream is not a down one, however long it stays busy: a check that times out or is
 * answered busy is asked again until it passes, the probe says down or the asker leaves; only an
 * answer at fault, or the asker's own limit, ends the wait. On a fake clock: minutes pass in ms.
 */
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckFailed } from '../../access-checks';
import { askWhileUp, type Patience } from './ask-while-up';

const log = pino({ level: 'silent' });
const timedOut = () => Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });

/** A check failing with `failure()` until `passAt` ms after the start, then answering 'ok'. */
function check(failure: () => Error, passAt: number) {
  const started = Date.now();
  const ask = vi.fn(async () => {
    if (Date.now() - started < passAt) throw failure();
    return 'ok';
  });
  return ask;
}

/** The outcome of askWhileUp, the fake clock run until it settles. */
async function outcome(ask: () => Promise<string>, patience: Patience, down = () => false, wanted = () => true) {
  const settled = askWhileUp(ask, { down, wanted, patience, log }).then(
    (value) => ({ value }),
    (error: Error) => ({ error: error.message }),
  );
  await vi.runAllTimersAsync();
  return settled;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('askWhileUp', () => {
  it('waits out a busy upstream for five minutes: timeouts, then 503s, then an answer', async () => {
    let calls = 0;
    const ask = check(() => (++calls % 2 ? timedOut() : new CheckFailed(503, 'a match check')), 5 * 60_000);
    expect(await outcome(ask, { faultMs: 60_000 })).toEqual({ value: 'ok' });
    // 250 ms doubling to 2 s: about one ask every 2 s.
    expect(ask.mock.calls.length).toBeGreaterThan(140);
  });

  it('stops at once when the probe says down', async () => {
    const ask = check(timedOut, Number.POSITIVE_INFINITY);
    let checks = 0;
    expect(await outcome(ask, { faultMs: 60_000 }, () => ++checks > 3)).toEqual({ error: 'The operation was aborted due to timeout' });
    expect(ask).toHaveBeenCalledTimes(4);
  });

  it('stops when the asker left', async () => {
    const ask = check(timedOut, Number.POSITIVE_INFINITY);
    let here = 3;
    expect(await outcome(ask, { faultMs: 60_000 }, undefined, () => here-- > 0)).toMatchObject({ error: expect.any(String) });
    expect(ask).toHaveBeenCalledTimes(4);
  });

  it('gives an upstream answering at fault faultMs, then throws its answer', async () => {
    const ask = check(() => new CheckFailed(500, 'a match check'), Number.POSITIVE_INFINITY);
    const started = Date.now();
    expect(await outcome(ask, { faultMs: 60_000 })).toEqual({ error: 'upstream answered 500 to a match check' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(58_000);
    expect(Date.now() - started).toBeLessThanOrEqual(60_000);
  });

  it("keeps to the asker's own limit whatever the failure (a handshake's 15 s)", async () => {
    const ask = check(timedOut, Number.POSITIVE_INFINITY);
    const started = Date.now();
    expect(await outcome(ask, { atMostMs: 15_000, faultMs: 15_000 })).toMatchObject({ error: expect.any(String) });
    expect(Date.now() - started).toBeLessThanOrEqual(15_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(13_000);
  });

  it('tells busy answers from faults by status', () => {
    expect([429, 502, 503, 504].map((status) => new CheckFailed(status, 'x').busy)).toEqual([true, true, true, true]);
    expect([400, 500, 501, 200].map((status) => new CheckFailed(status, 'x').busy)).toEqual([false, false, false, false]);
  });
});
