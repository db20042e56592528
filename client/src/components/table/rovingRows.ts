import { useCallback, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

/**
 * One tab stop per table (a matches page took 169 Tab presses, 8 per row): the rows
 * are a roving tabindex, the links and buttons inside them are reached with the arrow keys, as
 * the ARIA grid pattern has it.
 *
 *   row focused      Up/Down: previous/next row · Home/End: first/last row ·
 *                    Right or Tab: the row's first control · Enter: the row's main link (its first
 *                    link) unless the table activates rows itself · Space: selects (PrimeReact)
 *   control focused  Left/Right or Shift+Tab/Tab: previous/next control of the row (Left or
 *                    Shift+Tab from the first one: the row) · Up/Down: same control of the
 *                    previous/next row · Home/End: first/last control · Escape: the row
 *   Tab from the row's last control (or from a row without controls) leaves the table, and so
 *   does Shift+Tab from a row. Text fields, dropdowns and other editors in a cell keep their own
 *   arrow keys.
 *
 * Only the last focused row (the first one on a fresh page) has tabindex 0; every control inside
 * the rows gets tabindex -1 (marked `data-roving`), kept so as cells render or pages change.
 */

const ROW = 'tbody > tr[data-p-selectable-row="true"]';
const CONTROL = 'a[href], button, input, select, textarea, [tabindex]';
const MARK = 'data-roving';

/** The row's controls in document order: what a Tab would have reached in it. */
function rowControls(row: HTMLElement): HTMLElement[] {
  return Array.from(row.querySelectorAll<HTMLElement>(CONTROL)).filter(
    (el) => (el.tabIndex >= 0 || el.hasAttribute(MARK)) && !(el as HTMLButtonElement).disabled && !el.closest('[aria-hidden="true"]'),
  );
}

/** Keys a control in a cell uses itself (typing, choosing): a text field, a dropdown, a spinner. */
function ownsArrowKeys(el: HTMLElement): boolean {
  if (el.isContentEditable || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(el.type);
  const role = el.getAttribute('role');
  return role === 'combobox' || role === 'listbox' || role === 'spinbutton' || role === 'slider' || role === 'textbox';
}

/** Gives tabindex 0 to the `active` row only, and -1 (marked) to every control inside the rows. */
function markRows(all: HTMLElement[], active: HTMLElement | null): void {
  for (const r of all) {
    r.tabIndex = r === active ? 0 : -1;
    for (const control of rowControls(r)) {
      if (!control.hasAttribute(MARK) || control.tabIndex !== -1) {
        control.setAttribute(MARK, '');
        control.tabIndex = -1;
      }
    }
  }
}

/** Moves the focus to `el` (if any) and keeps the key from the table's own handlers. */
function focus(el: HTMLElement | undefined | null, event: KeyboardEvent) {
  event.preventDefault();
  event.stopPropagation();
  if (!el) return;
  el.focus();
}

/** The keys of a focused row or of a control in it (the table above); `all`: the rows shown. */
function rovingKeyDown(event: KeyboardEvent<HTMLDivElement>, all: HTMLElement[], activatesRows: boolean) {
  const target = event.target as HTMLElement;
  const row = target.closest<HTMLElement>('tr');
  if (!row || !all.includes(row) || event.altKey || event.ctrlKey || event.metaKey) return;
  const controls = rowControls(row);
  const onRow = target === row;
  const index = onRow ? -1 : controls.findIndex((c) => c === target || c.contains(target));
  const editing = !onRow && ownsArrowKeys(target);
  const at = all.indexOf(row);
  const sameColumn = (other: HTMLElement | undefined) => (other && index >= 0 ? (rowControls(other)[index] ?? other) : other);

  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      if (editing) return;
      const next = all[at + (event.key === 'ArrowDown' ? 1 : -1)];
      return focus(onRow ? next : sameColumn(next), event);
    }
    case 'Home':
    case 'End':
      if (editing) return;
      if (onRow) return focus(event.key === 'Home' ? all[0] : all.at(-1), event);
      return focus(event.key === 'Home' ? controls[0] : controls.at(-1), event);
    case 'ArrowRight':
      if (editing) return;
      return focus(onRow ? controls[0] : controls[index + 1], event);
    case 'ArrowLeft':
      if (editing || onRow) return;
      return focus(index <= 0 ? row : controls[index - 1], event);
    case 'Escape':
      if (editing || onRow) return;
      return focus(row, event);
    case 'Tab': {
      // The control may close its overlay on Tab (a dropdown in a cell): it still gets the key.
      // PrimeReact's rows hand the tab stop back to the first row on Tab: onKeyDown takes it back.
      const next = event.shiftKey ? (index <= 0 ? (onRow ? undefined : row) : controls[index - 1]) : controls[index + 1];
      if (next) {
        event.preventDefault();
        next.focus();
      }
      // Else the browser moves on: every other row and control is -1, so it leaves the table.
      return;
    }
    case 'Enter': {
      if (!onRow || activatesRows) return;
      const link = row.querySelector<HTMLElement>('a[href]');
      if (!link) return;
      event.preventDefault();
      event.stopPropagation();
      link.click();
      return;
    }
  }
}

export interface RovingRows {
  ref: RefObject<HTMLDivElement | null>;
  onKeyDownCapture: (event: KeyboardEvent<HTMLDivElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onFocusCapture: (event: FocusEvent<HTMLDivElement>) => void;
  /** The row that has the table's tab stop (focused by 'Skip to table'), if any row is shown. */
  activeRow: () => HTMLElement | null;
}

/**
 * The roving tabindex of a GenericTable: put `ref` and the three handlers on a wrapper around
 * the DataTable. `activatesRows`: the table handles Enter on a row itself (onActivate).
 */
export function useRovingRows(activatesRows: boolean): RovingRows {
  const ref = useRef<HTMLDivElement>(null);
  const active = useRef<HTMLElement | null>(null);

  // Stable (they read refs only), so the observer below is set up once.
  const rows = useCallback(() => Array.from(ref.current?.querySelectorAll<HTMLElement>(ROW) ?? []), []);

  /** Gives the tab stop to `row` (or keeps the last one while it is shown, else the first row). */
  const sync = useCallback(
    (row?: HTMLElement) => {
      const all = rows();
      if (row) active.current = row;
      if (!active.current || !all.includes(active.current)) active.current = all[0] ?? null;
      markRows(all, active.current);
    },
    [rows],
  );

  // After every render of the table, and whenever cells add controls later (a row's links load).
  useLayoutEffect(() => sync());
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const observer = new MutationObserver(() => sync());
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [sync]);

  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => rovingKeyDown(event, rows(), activatesRows);

  // After the rows' own handlers: PrimeReact's Tab handling has moved the tab stop to the first row.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Tab') sync();
  };

  const onFocusCapture = (event: FocusEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('tr');
    if (row && rows().includes(row) && row !== active.current) sync(row);
  };

  const activeRow = () => {
    sync();
    return active.current;
  };

  return { ref, onKeyDownCapture, onKeyDown, onFocusCapture, activeRow };
}
