import type { CatalogChangedPayload, MatchChangedPayload } from '@odds/protocol';
import { usingDisplayToken } from '../api/token';
import { listenToProvider } from './providerLive';
import { liveSocket } from './liveSocket';

/** What a screen showing a match header or the providers hears (protocol's live-catalog.ts). */
export interface CatalogListener {
  /** A match's own record changed (its connector): only for matches this page watches. */
  match?(change: MatchChangedPayload): void;
  /** A provider changed (its active flag). */
  catalog?(change: CatalogChangedPayload): void;
  /** The socket reconnected, or the relay's change stream came back: changes may have been missed. */
  resync?(): void;
}

/**
 * Listens to header changes on the page's one live socket; returns the way to stop. Resyncs come
 * through the provider follow (providerLive.ts), which already hears reconnects and `providerResync`.
 */
export function listenToCatalog(listener: CatalogListener): () => void {
  if (usingDisplayToken()) return () => undefined;
  const socket = liveSocket();
  const onMatch = (change: MatchChangedPayload) => listener.match?.(change);
  const onCatalog = (change: CatalogChangedPayload) => listener.catalog?.(change);
  socket.on('matchChanged', onMatch);
  socket.on('catalogChanged', onCatalog);
  const stopResync = listenToProvider({ changed: () => undefined, resync: () => listener.resync?.() });
  return () => {
    socket.off('matchChanged', onMatch);
    socket.off('catalogChanged', onCatalog);
    stopResync();
  };
}
