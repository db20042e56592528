/**
 * Typed access to localStorage. Reads never throw: a blocked or corrupt store behaves as empty,
 * so a bad value falls back to the default instead of breaking the console at start.
 */
export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked (private mode): the value lives for this page only.
  }
}

/** A positive integer id, or the fallback when missing or malformed. */
export function readId(key: string, fallback: number): number {
  const value = Number(readString(key));
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
