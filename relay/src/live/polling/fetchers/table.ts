import type { ListReply, MatchTableTopic } from '@odds/protocol';
import type { LiveRecord } from '../../state/diff';
import type { Fetched, LiveGet, TopicFetcher } from './fetcher';
import { Unchanged } from './unchanged';

/**
 * A match table (threshold sets, content, stat events, trackers): a small list read whole, so ids
 * missing from it were deleted. Unchanged bodies (ETag or hash) cost no parse and no delta.
 */
export class TableFetcher implements TopicFetcher {
  private readonly unchanged = new Unchanged();

  constructor(
    readonly topic: MatchTableTopic | 'history',
    private readonly url: string,
    private readonly get: LiveGet,
  ) {}

  async fetch(): Promise<Fetched | null> {
    const response = await this.get(this.topic, this.url, this.unchanged.etag(this.url));
    const { same, remember } = this.unchanged.check(this.url, response);
    if (same) {
      remember();
      return null;
    }
    return { records: (JSON.parse(response.text!) as ListReply<LiveRecord>).results, complete: true, seen: remember };
  }

  load(): void {
    this.unchanged.clear();
  }

  requestFull(): void {
    this.unchanged.clear();
  }
}
