import type { DisplayTheme } from '@odds/protocol';
import { useEffect } from 'react';
import { readString, writeString } from '../../lib/storage';

/**
 * The theme this screen last showed a display in. A wall that cannot read its display (revoked,
 * or reloaded offline) still speaks in the look of the room it hangs in: a light office wall is
 * not switched to black to say it was revoked.
 */
const KEY = 'wall.theme';

export function lastWallTheme(): DisplayTheme {
  return readString(KEY) === 'light' ? 'light' : 'dark';
}

export function rememberWallTheme(theme: DisplayTheme): void {
  if (readString(KEY) !== theme) writeString(KEY, theme);
}

/** Paints the page behind the wall (the console's own light grey otherwise) in the wall's theme. */
export function useWallBody(dark: boolean): void {
  useEffect(() => {
    document.body.classList.add('wall-body');
    document.body.classList.toggle('wall-light', !dark);
    return () => document.body.classList.remove('wall-body', 'wall-light');
  }, [dark]);
}
