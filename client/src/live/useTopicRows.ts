import type { LiveTopic } from '@odds/protocol';
import { useMemo } from 'react';
import { proxy, useSnapshot } from 'valtio';
import type { MatchLive } from './matchLive';
import { rowsOf, type LiveRecord } from './topicBuffer';

const EMPTY: never[] = [];
/** Stands in for a MatchLive not made yet (hooks cannot be skipped). */
const FALLBACK = proxy({ version: 0 });

/**
 * The records of one live topic as an array, rebuilt only when the live version moves (or the
 * filter changes); `ready` once the topic's first snapshot came.
 */
export function useTopicRows<K extends LiveTopic>(live: MatchLive | null, topic: K, keep?: (row: LiveRecord<K>) => boolean) {
  const version = useSnapshot(live?.state ?? FALLBACK).version;
  const rows = useMemo(() => {
    if (!live) return EMPTY as LiveRecord<K>[];
    const all = rowsOf(live.state.topics[topic]) as LiveRecord<K>[];
    return keep ? all.filter(keep) : all;
    // version stands for the topic's content.
  }, [live, topic, keep, version]);
  return { rows, ready: !!live && live.state.topics[topic].seq >= 0, version };
}
