import type { LiveTopic } from '@odds/protocol';
import { proxy, useSnapshot } from 'valtio';
import type { MatchLive } from './matchLive';

const FALLBACK = proxy({ version: 0 });

/**
 * Where one live topic of a match stands: its epoch and last applied seq (`epoch:seq`), 'none'
 * before the first snapshot. A screen that loads a match table by REST puts it in its load's
 * dependencies, so another operator's committed write (pushed on the topic) reloads the table, and
 * so does a new epoch whose seq happens to equal the old one: no polling.
 */
export function useTopicSeq(live: MatchLive | null, topic: LiveTopic): string {
  useSnapshot(live?.state ?? FALLBACK).version;
  const buffer = live?.state.topics[topic];
  return buffer && buffer.seq >= 0 ? `${buffer.epoch ?? ''}:${buffer.seq}` : 'none';
}
