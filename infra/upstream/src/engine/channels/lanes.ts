/**
 * The Dispatcher's queue, one lane per channel (an app, bot or number; webhooks; mail): jobs are
 * taken from the lanes in turn, and a lane told to wait (its pace, or a vendor's back-off) is
 * skipped until then, so a channel in back-off never holds a sending slot another channel could
 * use (no head-of-line blocking). A job may also wait on its own (its recipient's pace: a
 * Telegram chat, a WhatsApp number): its lane's other jobs pass it meanwhile. Waits are on the
 * process's own clock.
 */
export class Lanes<T> {
  private readonly lanes = new Map<string, { jobs: { job: T; readyAtMs: number }[]; readyAtMs: number }>();
  /** The lane the next `take` starts looking from (round-robin). */
  private order: string[] = [];
  private cursor = 0;
  private size = 0;

  constructor(private readonly now: () => number = Date.now) {}

  get length(): number {
    return this.size;
  }

  /** `readyAtMs`: the job itself waits until then (the lane's others do not). */
  push(lane: string, job: T, first = false, readyAtMs = 0): void {
    let entry = this.lanes.get(lane);
    if (!entry) {
      entry = { jobs: [], readyAtMs: 0 };
      this.lanes.set(lane, entry);
      this.order.push(lane);
    }
    if (first) entry.jobs.unshift({ job, readyAtMs });
    else entry.jobs.push({ job, readyAtMs });
    this.size += 1;
  }

  /** The lane's jobs wait until `atMs` (a later wait already set stays). */
  waitUntil(lane: string, atMs: number): void {
    const entry = this.lanes.get(lane);
    if (entry) entry.readyAtMs = Math.max(entry.readyAtMs, atMs);
    else {
      this.lanes.set(lane, { jobs: [], readyAtMs: atMs });
      this.order.push(lane);
    }
  }

  /** How long until the lane may send again (0: now). */
  waitOf(lane: string): number {
    return Math.max(0, (this.lanes.get(lane)?.readyAtMs ?? 0) - this.now());
  }

  /** The next job of the next lane that may send, in turn; null when none may now. */
  take(): { lane: string; job: T } | null {
    const now = this.now();
    for (let i = 0; i < this.order.length; i += 1) {
      const index = (this.cursor + i) % this.order.length;
      const lane = this.order[index]!;
      const entry = this.lanes.get(lane)!;
      if (entry.readyAtMs > now) continue;
      const ready = entry.jobs.findIndex((j) => j.readyAtMs <= now);
      if (ready < 0) continue;
      this.cursor = index + 1;
      this.size -= 1;
      const { job } = entry.jobs.splice(ready, 1)[0]!;
      if (!entry.jobs.length && entry.readyAtMs <= now) this.forget(lane);
      return { lane, job };
    }
    return null;
  }

  /** Every job of a lane, taken out (the lane stays, with its wait). */
  takeLane(lane: string): T[] {
    const entry = this.lanes.get(lane);
    if (!entry) return [];
    const jobs = entry.jobs.splice(0);
    this.size -= jobs.length;
    return jobs.map((j) => j.job);
  }

  /** When the first waiting lane with jobs may send (epoch ms of the clock), or null. */
  nextReadyAt(): number | null {
    let next: number | null = null;
    for (const entry of this.lanes.values()) {
      if (!entry.jobs.length) continue;
      const at = Math.max(entry.readyAtMs, Math.min(...entry.jobs.map((j) => j.readyAtMs)));
      if (next === null || at < next) next = at;
    }
    return next;
  }

  private forget(lane: string): void {
    this.lanes.delete(lane);
    const index = this.order.indexOf(lane);
    this.order.splice(index, 1);
    if (this.cursor > index) this.cursor -= 1;
  }
}
