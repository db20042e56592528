import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { sessionStore } from '../stores/session';
import './readOnly.css';

/** Whether the signed-in operator writes nothing (role viewer, docs/operators.md "Roles"). */
const isReadOnly = (user: { role?: string | undefined } | null | undefined): boolean => user?.role === 'viewer';

/**
 * Marks the page read-only while a viewer is signed in (`data-read-only` on <html>, so dialogs,
 * which PrimeReact puts at the end of <body>, are covered too): readOnly.css then hides every
 * control that saves, creates or deletes, on every screen, without a line in each. The services
 * refuse a viewer's writes anyway (403); this only keeps the console from offering them. Follows a
 * role change at once (the session is read again when an admin changes it).
 */
export function useReadOnlyMarker(): void {
  const readOnly = isReadOnly(useSnapshot(sessionStore).user);
  useEffect(() => {
    const root = document.documentElement;
    if (readOnly) root.dataset.readOnly = '';
    else delete root.dataset.readOnly;
    return () => void delete root.dataset.readOnly;
  }, [readOnly]);
}
