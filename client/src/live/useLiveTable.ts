import type { LiveTopic } from '@odds/protocol';
import { useEffect, useMemo, useState } from 'react';
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
 * Before the topic's first snapshot (the page just opened) the rows come from one REST read; once
 * the topic is held nothing is read here again. The rows keep their identity until the topic moves.
 */
export function useLiveTable<K extends LiveTopic>(
  live: MatchLive | null,
  topic: K,
  load: (signal: AbortSignal) => Promise<LiveRecord<K>[]>,
  order: (a: LiveRecord<K>, b: LiveRecord<K>) => number = byId,
) {
  const seq = useTopicSeq(live, topic);
  const held = seq !== 'none';
  const [first, setFirst] = useState<LiveRecord<K>[] | null>(null);

  useEffect(() => {
    if (held || first !== null) return undefined;
    const controller = new AbortController();
    load(controller.signal).then((rows) => !controller.signal.aborted && setFirst(rows), () => undefined);
    return () => controller.abort();
    // The first read only: `load` is the same table for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [held, first === null]);

  const rows = useMemo(() => {
    if (!held || !live) return first ?? [];
    return [...(live.state.topics[topic].rows.values() as Iterable<LiveRecord<K>>)].sort(order);
    // `seq` moves whenever the topic's rows change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [held, seq, first, live, topic]);

  return { rows, loaded: held || first !== null };
}

/**
 * The rows with this console's own saves that the push has not brought yet (the save answered
 * before the relay read the table): shown at once, so the saver neither waits for its own row nor
 * takes it for deleted meanwhile.
 */
export function withOwnSaves<T extends { id: number; version?: number }>(rows: readonly T[], own: readonly T[], order: (a: T, b: T) => number): T[] {
  const pending = own.filter((saved) => !caughtUp(rows, saved));
  if (!pending.length) return rows as T[];
  const ids = new Set(pending.map((saved) => saved.id));
  return [...rows.filter((row) => !ids.has(row.id)), ...pending].sort(order);
}

/** The pushed rows hold this save (its id at its version or later). */
export const caughtUp = <T extends { id: number; version?: number }>(rows: readonly T[], saved: T) =>
  rows.some((row) => row.id === saved.id && (row.version ?? 0) >= (saved.version ?? 0));
