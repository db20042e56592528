import { routes, type SendStop } from '@odds/protocol';
import { proxy } from 'valtio';
import { api } from '../api/client';
import { listenToCatalog } from './catalogLive';

/**
 * The kill switch as this console knows it (docs/compliance-operations.md): every scope, read
 * through the API, read again when a stop or resume is announced on the live socket
 * (`catalogChanged` of entity `send_stop`, any console's) or after a reconnect. The banner of
 * every screen and the Compliance screen show it.
 */
export const sendStopsStore = proxy<{ stops: SendStop[] | null; error: string | null }>({ stops: null, error: null });

let loading: Promise<void> | null = null;
let again = false;

/** Reads the switch (a read asked for during one is made once it ends, so the newest always lands). */
export function loadSendStops(): Promise<void> {
  if (loading) {
    again = true;
    return loading;
  }
  loading = api(routes.sendStops, { silent: true })
    .then(
      (reply) => {
        sendStopsStore.stops = reply.results;
        sendStopsStore.error = null;
      },
      (error: unknown) => {
        sendStopsStore.error = error instanceof Error ? error.message : String(error);
      },
    )
    .finally(() => {
      loading = null;
      if (again) {
        again = false;
        void loadSendStops();
      }
    });
  return loading;
}

/** Loads the switch and keeps it live; returns the way to stop. */
export function followSendStops(): () => void {
  void loadSendStops();
  return listenToCatalog({
    catalog: (change) => {
      if (change.entity === 'send_stop') void loadSendStops();
    },
    resync: () => void loadSendStops(),
  });
}

/** The scopes stopped now. */
export const stoppedScopes = (stops: readonly SendStop[] | null): SendStop[] => (stops ?? []).filter((s) => s.stopped);
