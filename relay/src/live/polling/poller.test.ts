import { describe, expect, it } from 'vitest';
import { TopicPoller, type PollHealth } from './poller';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const schedule = { intervalMs: 40, backoffMs: 20, maxBackoffMs: 200, downAfter: 3, random: () => 0.5 };

describe('TopicPoller', () => {
  it('never overlaps a poll with the previous one, even when triggered during it', async () => {
    let running = 0;
    let maxRunning = 0;
    let polls = 0;
    const poller = new TopicPoller(async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      polls++;
      await sleep(30);
      running--;
    }, schedule);
    poller.start();
    await sleep(10);
    poller.trigger();
    poller.trigger();
    await sleep(100);
    await poller.stop();
    expect(maxRunning).toBe(1);
    // the first poll, one right after it for the triggers, then the schedule
    expect(polls).toBeGreaterThanOrEqual(2);
  });

  it('polls at once when triggered while idle', async () => {
    const at: number[] = [];
    const poller = new TopicPoller(async () => void at.push(Date.now()), { ...schedule, intervalMs: 10_000 });
    poller.start();
    await sleep(20);
    poller.trigger();
    await sleep(20);
    await poller.stop();
    expect(at).toHaveLength(2);
  });

  it('starts a triggered poll in the same turn, not on a timer tick, and the catch-up poll right after the one in flight', async () => {
    let polls = 0;
    let finish: () => void = () => {};
    const poller = new TopicPoller(
      () => {
        polls++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      { ...schedule, intervalMs: 10_000 },
    );
    poller.start();
    await sleep(20);
    finish();
    await sleep(0);
    expect(polls).toBe(1);
    poller.trigger();
    expect(polls).toBe(2); // no timer in between: the notice's read is on its way
    poller.trigger(); // during that read: one more right after it
    poller.trigger();
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(polls).toBe(3);
    finish();
    await poller.stop();
    expect(polls).toBe(3);
  });

  it('backs off after failures, reports degraded then down, and recovers', async () => {
    const health: PollHealth[] = [];
    let fail = true;
    const at: number[] = [];
    const poller = new TopicPoller(
      async () => {
        at.push(Date.now());
        if (fail) throw new Error('upstream down');
      },
      schedule,
      (h) => health.push(h),
    );
    poller.start();
    await sleep(150);
    expect(health.slice(0, 3).map((h) => h.state)).toEqual(['degraded', 'degraded', 'down']);
    // waits of 15, 30, 60 ms between attempts (with random 0.5): growing gaps
    const gaps = at.slice(1, 4).map((t, i) => t - at[i]!);
    expect(gaps[1]!).toBeGreaterThan(gaps[0]!);
    expect(gaps[2]!).toBeGreaterThan(gaps[1]!);
    fail = false;
    await sleep(250);
    await poller.stop();
    expect(health.at(-1)).toMatchObject({ state: 'ok', failures: 0 });
    expect(health.at(-1)!.lastSuccessAt).not.toBeNull();
  });

  it('ignores triggers while backing off', async () => {
    let polls = 0;
    const poller = new TopicPoller(
      async () => {
        polls++;
        throw new Error('down');
      },
      { ...schedule, backoffMs: 10_000, maxBackoffMs: 10_000 },
    );
    poller.start();
    await sleep(20);
    poller.trigger();
    await sleep(20);
    await poller.stop();
    expect(polls).toBe(1);
  });
});

describe('TopicPoller pace', () => {
  it('polls at the safety period while the change stream leads, and at the interval once it is lost', async () => {
    const pace = { streaming: true, safetyMs: 10_000 };
    let polls = 0;
    const poller = new TopicPoller(async () => void polls++, { ...schedule, intervalMs: 20, pace });
    poller.start();
    await sleep(150);
    expect(polls).toBe(1); // only the first poll: the next safety poll is 10 s away
    pace.streaming = false;
    poller.trigger(); // what the hub does when the stream is lost
    await sleep(150);
    await poller.stop();
    expect(polls).toBeGreaterThanOrEqual(4);
  });
});
