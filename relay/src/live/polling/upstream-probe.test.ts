import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { UpstreamProbe } from './upstream-probe';

/**
 * The probe tells a hung upstream from a busy one: a check unanswered within its timeout is still
 * awaited, and the upstream is down only once it has answered nothing (probe or pollers) for the
 * silence; an answer saying it is not well counts at once.
 */
type Answer = { status: 'ok' | 'down'; latency_ms: number };
const OK: Answer = { status: 'ok', latency_ms: 1 };
const log = pino({ level: 'silent' });

let probe: UpstreamProbe;
let changes: string[];

beforeEach(() => {
  vi.useFakeTimers();
  changes = [];
});
afterEach(() => {
  probe.stop();
  vi.useRealTimers();
});

/** A probe every second, each check given a second, down after two failures and 2 s of silence. */
function start(check: (timeoutMs: number) => Promise<Answer>, lastAnswerAt?: () => number) {
  probe = new UpstreamProbe({ check, onChange: (state) => changes.push(state), log, intervalMs: 1_000, timeoutMs: 1_000, lateMs: 10_000, lastAnswerAt });
  probe.start();
}
const answerAfter =
  (ms: number, answer: Answer = OK) =>
  () =>
    new Promise<Answer>((resolve) => setTimeout(() => resolve(answer), ms));
const never = () => new Promise<Answer>(() => {});

describe('the upstream probe', () => {
  it('keeps a busy upstream up: every check answered, late (3 s against a 1 s timeout)', async () => {
    start(answerAfter(3_000));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(probe.last.status).toBe('ok');
    expect(changes).toEqual([]);
  });

  it('says a hung upstream is down within a few seconds, and up again at its first answer', async () => {
    let hung = true;
    let answer: ((a: Answer) => void) | null = null;
    start(() => (hung ? new Promise<Answer>((resolve) => (answer = resolve)) : Promise.resolve(OK)));
    await vi.advanceTimersByTimeAsync(2_500);
    expect(probe.last.status).toBe('ok');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(probe.last.status).toBe('down');
    hung = false;
    answer!(OK);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(changes).toEqual(['down', 'ok']);
  });

  it('is up again at a late answer, while every check still takes longer than its timeout', async () => {
    let slow = false;
    // Hung, each check gives up when the time it is given is out (as the health call's abort does).
    const hung = (ms: number) => new Promise<Answer>((resolve) => setTimeout(() => resolve({ status: 'down', latency_ms: ms }), ms));
    start((ms) => (slow ? answerAfter(3_000)() : hung(ms)));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(probe.last.status).toBe('down');
    slow = true;
    // The hung check gives up at 11 s; the next, answered 3 s later, brings the upstream back.
    await vi.advanceTimersByTimeAsync(12_000);
    expect(probe.last.status).toBe('ok');
    expect(changes).toEqual(['down', 'ok']);
  });

  it('keeps the upstream up while it answers the pollers, however slow its health answer', async () => {
    start(never, () => Date.now() - 500);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(changes).toEqual([]);
  });

  it('says down after two answers saying it is not well, whatever else it answers', async () => {
    start(
      () => Promise.resolve({ status: 'down', latency_ms: 1 }),
      () => Date.now(),
    );
    await vi.advanceTimersByTimeAsync(1_500);
    expect(probe.last.status).toBe('down');
  });

  it('says down once a check without an answer ends in a failure (the call gave up)', async () => {
    start(answerAfter(11_000, { status: 'down', latency_ms: 11_000 }), () => Date.now());
    await vi.advanceTimersByTimeAsync(10_500);
    expect(probe.last.status).toBe('ok');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(probe.last.status).toBe('down');
  });
});
