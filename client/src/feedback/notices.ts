import { routes, type RouteDef } from '@odds/protocol';
import { proxy } from 'valtio';
import { clearErrors } from './errors';

/** The short confirmation after a save ('Saved', 'Deleted'); `id` tells two equal ones apart. */
export const noticeStore = proxy({ text: null as string | null, id: 0 });

/** Writes that change nothing the operator saves: logins, previews, queries, the background basket. */
const NOT_SAVES: ReadonlySet<RouteDef> = new Set<RouteDef>([
  routes.authenticate,
  routes.logout,
  routes.statsQuery,
  routes.contentParse,
  routes.contentCompiler,
  routes.contentOptions,
  routes.basketSave,
  routes.ingest,
  routes.engineReset,
  routes.backtest,
]);

/** Every write the operator makes, unless listed above (a new write route is a save by default). */
export const isSave = (route: RouteDef): boolean => route.method !== 'GET' && !NOT_SAVES.has(route);

function announce(text: string): void {
  noticeStore.text = text;
  noticeStore.id += 1;
}

/**
 * A save went through: error banners of earlier failed attempts go, and 'Saved' (or
 * 'Deleted') shows for a moment. The API client calls this after each successful save.
 */
export function announceSaved(route: Pick<RouteDef, 'method' | 'path'>): void {
  clearErrors();
  announce(route.method === 'DELETE' || route.path.endsWith('/delete') ? 'Deleted' : 'Saved');
}

export function clearNotice(): void {
  noticeStore.text = null;
}
