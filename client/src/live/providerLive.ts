import type { ProviderChangedPayload } from '@odds/protocol';
import { subscribe } from 'valtio';
import { usingDisplayToken } from '../api/token';
import { contextStore } from '../stores/context';
import { liveSocket, type LiveSocket } from './liveSocket';

/** What a screen showing provider-wide data hears: a record changed, or the socket is back (reload all). */
export interface ProviderListener {
  changed(change: ProviderChangedPayload): void;
  /** The socket reconnected: changes may have been missed meanwhile. */
  resync(): void;
}

const listeners = new Set<ProviderListener>();
let wired: LiveSocket | null = null;
let stopContext: () => void = () => undefined;

/** Tells the relay which provider this console works in (the one the selector shows). */
function follow(socket: LiveSocket): void {
  if (!socket.connected || usingDisplayToken()) return;
  // A refusal (an unknown provider) leaves the console without pushes; its lists still load by REST.
  socket.emit('provider', { providerId: contextStore.providerId }, () => undefined);
}

/**
 * The page's provider follow on its one live socket (protocol's live-provider.ts): while any
 * screen listens, the socket follows the selected provider (again after each reconnect and when
 * the selector changes) and `changed` events of that provider reach the listeners.
 */
function wire(): void {
  const socket = liveSocket();
  if (wired === socket) return;
  stopContext();
  wired = socket;
  let connectedBefore = socket.connected;
  socket.on('connect', () => {
    follow(socket);
    if (connectedBefore) for (const listener of listeners) listener.resync();
    connectedBefore = true;
  });
  // The relay lost its change stream for a while: changes may have gone unannounced.
  socket.on('providerResync', () => {
    for (const listener of listeners) listener.resync();
  });
  socket.on('changed', (change) => {
    if (change.providerId !== contextStore.providerId) return;
    for (const listener of listeners) listener.changed(change);
  });
  let providerId = contextStore.providerId;
  stopContext = subscribe(contextStore, () => {
    if (contextStore.providerId === providerId) return;
    providerId = contextStore.providerId;
    follow(socket);
  });
  follow(socket);
}

/** Listens to the changes of the selected provider's data; returns the way to stop. */
export function listenToProvider(listener: ProviderListener): () => void {
  wire();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
