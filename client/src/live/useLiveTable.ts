import type { LiveTopic } from '@odds/protocol';
import type { QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useCached } from '../api/queries';
import type { MatchLive } from './matchLive';
import type { LiveRecord } from './topicBuffer';
import { useTopicSeq } from './useTopicSeq';

/** The order a match table's GET answers in: by market, then id (threshold sets, content; a record of no market last, as Postgres sorts nulls). */
export const byMarketThenId = <T extends { id: number; market_id?: number | null; market?: { id: number } | null }>(a: T, b: T) =>
  marketOf(a) - marketOf(b) || a.id - b.id;
const marketOf = (row: { market_id?: number | null; market?: { id: number } | null }) => row.market_id ?? row.market?.id ?? Number.MAX_SAFE_INTEGER;
const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/**
 * A match table as its live topic holds it: the relay's snapshot, then every delta it pushes
 * (another operator's save arrives as the saved row, not as a hint to read the table again).
 * Before the topic's first snapshot (the page just opened) the rows come from one REST read through
 * the query cache; once the topic is held nothing is read here again. The rows keep their identity until the topic moves.
 */
export function useLiveTable<K extends LiveTopic>(
  live: MatchLive | null,
  topic: K,
  /** The REST read's cache key (`apiKey` of the table's route): a list or panel showing the same rows shares it. */
  key: QueryKey,
  load: (signal: AbortSignal) => Promise<LiveRecord<K>[]>,
  order: (a: LiveRecord<K>, b: LiveRecord<K>) => number = byId,
) {
  const seq = useTopicSeq(live, topic);
  const held = seq !== 'none';
  // Through the query cache, and only until the topic is held.
  const first = useCached(key, load, { enabled: !held }).data;

  const rows = useMemo(() => {
    if (!held || !live) return first ?? NO_ROWS;
    return [...(live.state.topics[topic].rows.values() as Iterable<LiveRecord<K>>)].sort(order);
    // `seq` moves whenever the topic's rows change.
  }, [held, seq, first, live, topic, order]);

  return { rows, loaded: held || first !== undefined };
}

const NO_ROWS: never[] = [];

/**
 * A live table's rows with this console's own writes the push has not brought yet: a save that
 * answered before the relay read the table is shown at once (the saver neither waits for its own
 * row nor takes it for deleted meanwhile), and a row deleted here goes at once. Each is dropped as
 * soon as the pushed rows hold it (or lack it), whichever came first: the push may arrive before
 * the save's answer, and a save kept after its row was pushed would hide a later delete by someone
 * else (the row would never leave the list).
 */
export function useOwnWrites<T extends { id: number; version?: number }>(rows: readonly T[], order: (a: T, b: T) => number) {
  const [saves, setSaves] = useState<readonly T[]>([]);
  const [deletes, setDeletes] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    if (saves.some((saved) => caughtUp(rows, saved))) setSaves(saves.filter((saved) => !caughtUp(rows, saved)));
    const present = new Set(rows.map((row) => row.id));
    if ([...deletes].some((id) => !present.has(id))) setDeletes(new Set([...deletes].filter((id) => present.has(id))));
  }, [rows, saves, deletes]);
  const merged = useMemo(() => withOwnSaves(rows, saves, order).filter((row) => !deletes.has(row.id)), [rows, saves, deletes, order]);
  const saved = useCallback((row: T) => setSaves((own) => [...own.filter((r) => r.id !== row.id), row]), []);
  const deleted = useCallback((ids: readonly number[]) => {
    setSaves((own) => own.filter((r) => !ids.includes(r.id)));
    setDeletes((gone) => new Set([...gone, ...ids]));
  }, []);
  return { rows: merged, saved, deleted };
}

function withOwnSaves<T extends { id: number; version?: number }>(rows: readonly T[], own: readonly T[], order: (a: T, b: T) => number): T[] {
  const pending = own.filter((saved) => !caughtUp(rows, saved));
  if (!pending.length) return rows as T[];
  const ids = new Set(pending.map((saved) => saved.id));
  return [...rows.filter((row) => !ids.has(row.id)), ...pending].sort(order);
}

/** The pushed rows hold this save (its id at its version or later). */
const caughtUp = <T extends { id: number; version?: number }>(rows: readonly T[], saved: T) =>
  rows.some((row) => row.id === saved.id && (row.version ?? 0) >= (saved.version ?? 0));
