import type { LiveTopic } from '@odds/protocol';
import type { LiveResponse } from '../../../upstream';
import type { LiveRecord } from '../../state/diff';
import type { CarriedOffer, PublicationReader, Publications } from '../publications';

/** One GET of live data for a topic; the poller adds the token, metrics and retries. */
export type LiveGet = (topic: LiveTopic, path: string, etag: string | null) => Promise<LiveResponse>;

/** What a poll found: the records, whether they are the whole topic, and how to mark them as seen. */
export interface Fetched {
  records: LiveRecord[];
  /** True when `records` is the whole topic, so ids missing from it were removed. */
  complete: boolean;
  /** Ids a partial fetch knows are gone (records pushed out of a window by newer ones). */
  removes?: number[];
  /** Call once the change is committed: the next poll then starts from what it found. */
  seen(): void;
}

/**
 * How one topic of a match is read from the upstream (protocol's routes). `fetch` answers null
 * when nothing changed (304, or a body identical to the last one seen); `load` primes the fetcher
 * from the stored state when this instance becomes the match's poller; `requestFull` makes the next
 * fetch read the whole topic (a reset, or notices that may have been missed); `noticed` passes on
 * the ids a change notice named, for fetchers that can use them.
 */
export interface TopicFetcher {
  readonly topic: LiveTopic;
  fetch(): Promise<Fetched | null>;
  load(records: LiveRecord[]): void;
  requestFull(): void;
  noticed?(ids: readonly number[]): void;
  /** A notice named the topic but not which of its records moved (fetchers that read by id read whole). */
  unnamed?(): void;
  /** Whether every record up to this id is held (the feed and offers: a match's greatest offer id). */
  holdsThrough?(id: number): boolean;
}

/** What every fetcher of a match is built from. */
export interface FetcherContext {
  matchId: number;
  get: LiveGet;
  /** Is this record of the topic already held? */
  known(topic: LiveTopic, id: number): boolean;
  /** True while the change stream is healthy: reads are driven by notices, full reads become rare. */
  streaming(): boolean;
  /** How often a full read is due while streaming (the safety poll's period). */
  safetyMs: number;
  /** The match's publications as its notices brought them (publications.ts): the feed and offers apply what they carried. */
  publications: Pick<Publications, 'take' | 'applied'>;
}

/**
 * A fetch of a reader of the match's publications: `read` gets what the notices carried since the
 * last it applied (null: read the match), and the publications it covers count as applied once
 * its result is held (committed, or nothing new), not before: a failed poll takes them again.
 */
export async function fetchPublished(
  context: FetcherContext,
  reader: PublicationReader,
  read: (carried: CarriedOffer[] | null) => Promise<Fetched | null> | Fetched | null,
): Promise<Fetched | null> {
  const { offers, through } = context.publications.take(reader);
  const fetched = await read(offers);
  if (!fetched) {
    context.publications.applied(reader, through);
    return null;
  }
  return {
    ...fetched,
    seen: () => {
      fetched.seen();
      context.publications.applied(reader, through);
    },
  };
}

/** Without the change stream: how often a window topic is read whole, to see removals and changes deeper than the head. */
export const FULL_EVERY_MS = 10_000;
