/**
 * The code of the shell's dialogs, loaded apart from the shell so the first screen comes sooner,
 * and fetched once the shell is idle so that opening one later does not wait for its chunk (about a
 * second on a busy machine). `lazy()` of each dialog uses the same loader: one fetch either way.
 */
export const dialogLoaders = {
  basket: () => import('./BasketDialog').then((module) => ({ default: module.BasketDialog })),
  changePassword: () => import('./ChangePasswordDialog').then((module) => ({ default: module.ChangePasswordDialog })),
  signIn: () => import('./SignInDialog').then((module) => ({ default: module.SignInDialog })),
  sessions: () => import('../components/sessions').then((module) => ({ default: module.SessionsDialog })),
};

type Schedule = (run: () => void) => void;

/** When the browser is idle (at the latest after 3 s); a timer where it has no idle callback. */
const whenIdle: Schedule = (run) => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3_000 });
  else setTimeout(run, 1_000);
};

/** Fetches every dialog's code once the page is idle; a failed fetch is tried again when the dialog opens. */
export function preloadDialogs(loaders: Record<string, () => Promise<unknown>> = dialogLoaders, schedule: Schedule = whenIdle): void {
  schedule(() => {
    for (const load of Object.values(loaders)) load().catch(() => {});
  });
}
