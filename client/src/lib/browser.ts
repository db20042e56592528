/**
 * Page-level effects kept behind one object so tests can replace them (happy-dom cannot reload).
 * Login and logout reload the page on purpose: every store starts again from localStorage.
 */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  /** A full page load of another address of the console. */
  assign(path: string): void {
    window.location.assign(path);
  },
};
