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
  /** Opens a console address in a window of its own (a sign-in); false when the browser blocked it. */
  openWindow(path: string, name: string): boolean {
    return window.open(path, name, 'popup,width=520,height=680') !== null;
  },
  /** Closes this window; false when the browser keeps it open (one the operator opened, not a script). */
  closeWindow(): boolean {
    window.close();
    return window.closed;
  },
};
