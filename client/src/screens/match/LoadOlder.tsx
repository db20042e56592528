import { Button } from 'primereact/button';
import { useState } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { hasOlder, loadOlder, type PagedTopic } from '../../live/older';
import type { MatchLive } from '../../live/matchLive';

/**
 * "Load older" under a live table: the first snapshot carries the newest rows only
 * (SNAPSHOT_LIMITS); each click reads the next older page through REST into the table. Hidden
 * when nothing older is held upstream; a failed read is reported by the API client (SPEC §8).
 */
export function LoadOlder({ live, topic, marketId = null, label }: { live: MatchLive | null; topic: PagedTopic; marketId?: number | null; label: string }) {
  const { version } = useSnapshot(live?.state ?? FALLBACK);
  const [loading, setLoading] = useState(false);
  const [added, setAdded] = useState<number | null>(null);
  void version; // the buffer's paging state changes with the version
  if (!live || !hasOlder(live.state.topics[topic], marketId)) return null;
  const load = () => {
    setLoading(true);
    void loadOlder(live, topic, marketId)
      .then(setAdded, () => setAdded(null))
      .finally(() => setLoading(false));
  };
  return (
    <div className="load-older">
      <Button type="button" label={`Load older ${label}`} icon="pi pi-history" size="small" outlined loading={loading} onClick={load} />
      <span className="sr-only" role="status">
        {added === null ? '' : `${added} older ${label} loaded`}
      </span>
    </div>
  );
}

/** Stands in for a MatchLive not made yet (hooks cannot be skipped). */
const FALLBACK = proxy({ version: 0 });
