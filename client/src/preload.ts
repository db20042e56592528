/**
 * The code a logged-in page needs first, asked for as soon as the page starts (a lean
 * first load): the console (shell, router, API client) and the screen of the address, side by
 * side, instead of the screen's code waiting for the console to load and the sports to arrive.
 * Small on purpose: it is in the entry chunk the login page loads too, and names only the screens
 * an operator lands on; routes.tsx loads the same modules (landingScreens.ts: one import each, so one chunk each).
 */
import { loadHomeScreen, loadMatchesScreen } from './router/landingScreens';

export const loadConsole = () => import('./Console');

/** Landing screens by address (SPEC §2 route table). */
const LANDINGS: [RegExp, () => Promise<unknown>][] = [
  [/^\/(home)?$/, loadHomeScreen],
  [/^\/(league\/[1-9]\d*\/)?matches$/, loadMatchesScreen],
];

/**
 * Starts loading the console and the screen of `pathname`; nothing waits on it (a failed load is
 * retried, and shown, by the lazy component that needs it).
 */
export function preloadConsole(pathname: string): void {
  const path = pathname.replace(/\/+$/, '') || '/';
  const landing = LANDINGS.find(([pattern]) => pattern.test(path))?.[1];
  for (const load of landing ? [loadConsole, landing] : [loadConsole]) load().catch(() => undefined);
}
