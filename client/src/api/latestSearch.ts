import type { QueryKey } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { queryClient } from './queries';

/**
 * A picker's search through the query cache, asked imperatively: the picker must not render between
 * asking and its answer (PrimeReact's AutoComplete closes its list on a render with the old
 * suggestions), so no hook query. Each text has its key (a text asked before answers at once); a
 * newer one cancels the read in flight (its signal aborts) and only the newest answer is shown, a
 * failed one as an empty list. `ask(null, …)` empties the list; `drop()` forgets the search in
 * flight (its subject changed), which is then never shown. `show` must be stable (a state setter).
 */
export function useLatestSearch<T>(show: (rows: T[]) => void) {
  const inFlight = useRef<{ key: QueryKey; n: number } | null>(null);

  const drop = useCallback(() => {
    const previous = inFlight.current;
    inFlight.current = previous && { key: [], n: previous.n + 1 };
    if (previous?.key.length) void queryClient.cancelQueries({ queryKey: previous.key, exact: true });
  }, []);

  const ask = useCallback(
    <R>(key: QueryKey | null, read: (signal: AbortSignal) => Promise<R>, rows: (reply: R) => T[]) => {
      const previous = inFlight.current;
      const n = (previous?.n ?? 0) + 1;
      inFlight.current = { key: key ?? [], n };
      if (previous?.key.length && JSON.stringify(previous.key) !== JSON.stringify(key)) void queryClient.cancelQueries({ queryKey: previous.key, exact: true });
      if (!key) return show([]);
      queryClient.fetchQuery({ queryKey: key, queryFn: ({ signal }) => read(signal) }).then(
        // A new array each answer: the picker opens its list on a change, also for a text asked before.
        (reply) => inFlight.current?.n === n && show([...rows(reply)]),
        () => inFlight.current?.n === n && show([]),
      );
    },
    [show],
  );

  return { ask, drop };
}
