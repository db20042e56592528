import { buildQuery, IDS_MAX, type ListReply, type MatchTableTopic } from '@odds/protocol';
import type { LiveRecord } from '../../state/diff';
import type { Fetched, LiveGet, TopicFetcher } from './fetcher';
import { Unchanged } from './unchanged';

/**
 * A match table (threshold sets, content, stat events, trackers) or its history: a small list.
 * When every notice since the last read named the records that moved (`entity_id`), only those are
 * read (`ids=`): what the answer holds is upserted, a named id it lacks was deleted. Otherwise (a
 * notice naming none, the safety check, a reset, the first read) it is read whole, so ids missing
 * from it were deleted; an unchanged whole body (ETag or hash) costs no parse and no delta.
 */
export class TableFetcher implements TopicFetcher {
  private readonly unchanged = new Unchanged();
  private readonly named = new Set<number>();
  private whole = true;

  constructor(
    readonly topic: MatchTableTopic | 'history',
    private readonly url: string,
    private readonly get: LiveGet,
    /** Whether the list takes `ids` (the history, an audit window, does not). */
    private readonly byIds = false,
  ) {}

  noticed(ids: readonly number[]): void {
    for (const id of ids) this.named.add(id);
  }

  async fetch(): Promise<Fetched | null> {
    if (this.whole || !this.byIds || !this.named.size || this.named.size > IDS_MAX) return this.readWhole();
    const ids = [...this.named];
    this.named.clear();
    // Until what this read found is held, the next read is whole (a read or a commit that fails loses no id).
    this.whole = true;
    const response = await this.get(this.topic, this.url + buildQuery({ ids: ids.join(',') }), null);
    const records = (JSON.parse(response.text!) as ListReply<LiveRecord>).results;
    const found = new Set(records.map((record) => record.id));
    const seen = () => {
      this.whole = false;
      // What was last read whole is no longer what is held: the next whole read compares afresh.
      this.unchanged.clear();
    };
    return { records, complete: false, removes: ids.filter((id) => !found.has(id)), seen };
  }

  private async readWhole(): Promise<Fetched | null> {
    this.named.clear();
    const response = await this.get(this.topic, this.url, this.unchanged.etag(this.url));
    const { same, remember } = this.unchanged.check(this.url, response);
    const seen = () => {
      remember();
      this.whole = false;
    };
    if (same) {
      seen();
      return null;
    }
    return { records: (JSON.parse(response.text!) as ListReply<LiveRecord>).results, complete: true, seen };
  }

  load(): void {
    this.unchanged.clear();
    this.whole = true;
  }

  requestFull(): void {
    this.unchanged.clear();
    this.whole = true;
  }

  /** A notice named the topic but not what moved in it: the next read is whole. */
  unnamed(): void {
    this.whole = true;
  }
}
