import { FEED_FETCH_LIMIT, IDS_MAX, type LiveTopic } from '@odds/protocol';
import type { LiveResponse } from '../../../upstream';
import type { LiveRecord } from '../../state/diff';
import { FULL_EVERY_MS, type FetcherContext, type Fetched, type TopicFetcher } from './fetcher';
import { Unchanged } from './unchanged';

/** Records a head poll reads: the newest ones, where nearly every change happens. */
export const HEAD_SIZE = 25;
/**
 * A window topic whose records change after they are written (the Delivery tab's deliveries: a
 * delivery is PENDING, then SENT or FAILED): the newest FEED_FETCH_LIMIT of them. A poll after
 * notices that named their records reads only those (`ids=`); others read the head (the newest
 * HEAD_SIZE), where new records and recent changes are. The whole window is read (with the last
 * ETag, so unchanged it is a 304) every FULL_EVERY_MS without the change stream, every safety period
 * with it, after a head with nothing known in it, when a notice named a record the head did not
 * hold, after a read by id whose result was not held, and when asked. A record gone from the window
 * is removed.
 */
export class WindowFetcher implements TopicFetcher {
  private readonly unchanged = new Unchanged();
  private fullAt = 0;
  private wantFull = true;
  private pending = new Set<number>();

  constructor(
    readonly topic: LiveTopic,
    private readonly context: FetcherContext,
    private readonly url: (query: { limit?: number; ids?: string }) => string,
    private readonly pick: (body: unknown) => LiveRecord[],
  ) {}

  requestFull(): void {
    this.wantFull = true;
  }

  noticed(ids: readonly number[]): void {
    for (const id of ids) this.pending.add(id);
  }

  async fetch(): Promise<Fetched | null> {
    const every = this.context.streaming() ? this.context.safetyMs : FULL_EVERY_MS;
    const full = this.wantFull || Date.now() - this.fullAt >= every;
    const named = [...this.pending];
    this.pending.clear();
    if (!full && named.length && named.length <= IDS_MAX) return this.readNamed(named);
    const url = this.url({ limit: full ? FEED_FETCH_LIMIT : HEAD_SIZE });
    const response = await this.get(url);
    const { same, remember } = this.unchanged.check(url, response);
    const done = () => {
      remember();
      if (full) {
        this.fullAt = Date.now();
        this.wantFull = false;
      }
    };
    if (same) {
      if (!full && named.length) return this.again(named);
      done();
      return null;
    }
    const records = this.pick(JSON.parse(response.text!));
    if (!full) {
      const head = new Set(records.map((record) => record.id));
      const nothingKnown = records.length >= HEAD_SIZE && !records.some((record) => this.context.known(this.topic, record.id));
      // A notice named a record deeper than the head (an older delivery's status): read the window.
      if (nothingKnown || named.some((id) => !head.has(id))) return this.again(named);
    }
    return { records, complete: full, seen: done };
  }

  /** Only the records notices named; until what it found is held, the next read is the window (a failed poll loses no id). */
  private async readNamed(named: number[]): Promise<Fetched> {
    this.wantFull = true;
    const response = await this.context.get(this.topic, this.url({ ids: named.join(',') }), null);
    const seen = () => {
      this.wantFull = false;
    };
    return { records: this.pick(JSON.parse(response.text!)), complete: false, seen };
  }

  private again(named: number[]): Promise<Fetched | null> {
    this.wantFull = true;
    for (const id of named) this.pending.add(id);
    return this.fetch();
  }

  private get(url: string): Promise<LiveResponse> {
    return this.context.get(this.topic, url, this.unchanged.etag(url));
  }

  load(_records: LiveRecord[]): void {
    this.unchanged.clear();
    this.wantFull = true;
  }
}
