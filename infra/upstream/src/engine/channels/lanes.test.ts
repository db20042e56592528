import { describe, expect, it } from 'vitest';
import { Lanes } from './lanes';

describe('the per-channel lanes of the Dispatcher', () => {
  it('takes the lanes in turn, and skips a waiting lane without holding back the others', () => {
    const clock = { ms: 1000 };
    const lanes = new Lanes<string>(() => clock.ms);
    for (const job of ['f1', 'f2', 'f3']) lanes.push('fcm', job);
    for (const job of ['a1', 'a2']) lanes.push('apns', job);
    expect(lanes.take()).toEqual({ lane: 'fcm', job: 'f1' });
    lanes.waitUntil('fcm', 61_000);
    expect([lanes.take()?.job, lanes.take()?.job, lanes.take()]).toEqual(['a1', 'a2', null]);
    expect(lanes.nextReadyAt()).toBe(61_000);
    expect(lanes.waitOf('fcm')).toBe(60_000);
    clock.ms = 61_000;
    expect([lanes.take()?.job, lanes.take()?.job, lanes.take()]).toEqual(['f2', 'f3', null]);
    expect(lanes.length).toBe(0);
  });

  it('puts a job back first in its lane', () => {
    const lanes = new Lanes<string>(() => 0);
    lanes.push('x', 'a');
    lanes.push('x', 'b');
    const taken = lanes.take()!;
    lanes.push(taken.lane, taken.job, true);
    expect(lanes.take()?.job).toBe('a');
  });

  it("lets a lane's other jobs pass a job that waits on its own (its recipient's pace)", () => {
    const clock = { ms: 0 };
    const lanes = new Lanes<string>(() => clock.ms);
    lanes.push('telegram', 'chat-1 second', false, 1_000);
    lanes.push('telegram', 'chat-2');
    expect(lanes.take()?.job).toBe('chat-2');
    expect(lanes.take()).toBeNull();
    expect(lanes.nextReadyAt()).toBe(1_000);
    clock.ms = 1_000;
    expect(lanes.take()?.job).toBe('chat-1 second');
    expect(lanes.length).toBe(0);
  });
});
