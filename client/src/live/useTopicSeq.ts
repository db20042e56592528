import type { LiveTopic } from '@odds/protocol';
import { proxy, useSnapshot } from 'valtio';
import type { MatchLive } from './matchLive';

const FALLBACK = proxy({ version: 0 });

/**
 * Where one live topic of a match stands (its last applied seq, -1 before the first snapshot).
 * A screen that loads a match table by REST puts it in its load's dependencies, so another
 * operator's committed write (pushed on the topic) reloads the table: no polling.
 */
export function useTopicSeq(live: MatchLive | null, topic: LiveTopic): number {
  useSnapshot(live?.state ?? FALLBACK).version;
  return live ? live.state.topics[topic].seq : -1;
}
