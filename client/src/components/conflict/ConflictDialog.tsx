import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { formatDate } from '../../lib/format';
import { fieldLabel, flatten, sideBySide, type FieldFormat } from './diff';
import type { ConflictState } from './useConflict';
import './conflict.css';

const text = (value: unknown) => JSON.stringify(value ?? null);
/** Whether both sides changed a field since the form started from `started` (flattened). */
function bothChanged(field: string, started: Record<string, unknown>, theirs: unknown, mine: unknown): boolean {
  const was = text(started[field]);
  return text(flatten(theirs)[field]) !== was && text(flatten(mine)[field]) !== was;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'at 23:04:31' today, else 'on 2026-11-26 23:04:31': 24 hours, dates as the console writes them. */
function whenText(iso: string | null): string {
  if (!iso) return 'at an unknown time';
  const at = new Date(iso);
  const today = at.toDateString() === new Date().toDateString();
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  return today ? `at ${time}` : `on ${formatDate(at)} ${time}`;
}

/**
 * A write answered 409: someone saved this record after I read it. Shows their version beside
 * mine (differing fields first and marked), who changed it and when, and lets me keep theirs
 * (the form reloads it) or overwrite with mine (re-sent against their version).
 */
export function ConflictDialog({
  state,
  what,
  format,
  label = fieldLabel,
}: {
  state: ConflictState | null;
  what: string;
  format?: FieldFormat;
  /** A field path in the operator's words (fieldLabel unless the screen names its fields itself). */
  label?: (field: string) => string;
}) {
  const reply = state?.reply;
  const all = state ? sideBySide(reply!.current, state.mine, format) : [];
  // After a three-way merge only the fields both changed are in question; the rest merged by themselves.
  const started = state && state.started !== undefined ? flatten(state.started) : null;
  const rows = started ? all.filter((row) => row.differs && bothChanged(row.field, started, reply!.current, state!.mine)) : all;
  const who = reply?.changed_by?.name ?? 'Another operator';
  return (
    <Dialog
      header={`${what} was changed by ${who}`}
      visible={!!state}
      onHide={() => state?.choose(null)}
      style={{ width: 'min(44rem, 95vw)' }}
      modal
      draggable={false}
      className="conflict-dialog"
      footer={
        <>
          <Button type="button" label="Keep theirs" outlined onClick={() => state?.choose('theirs')} />
          <Button type="button" label="Overwrite with mine" severity="danger" className="danger-strong" onClick={() => state?.choose('mine')} />
        </>
      }
    >
      {reply && (
        <>
          <p className="conflict-who">
            {who} saved it {whenText(reply.changed_at)}, after you opened it. Nothing of yours was saved yet.
            {started && ' Only the fields you both changed are listed; their other changes are kept either way.'}
          </p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the keyboard focus to be scrolled without a mouse (WCAG 2.1.1, axe's scrollable-region-focusable) */}
          <div className="conflict-scroll" tabIndex={0} role="region" aria-label="Their version and mine">
            <table className="conflict-table">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Theirs ({who})</th>
                  <th scope="col">Mine</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.field} className={row.differs ? 'conflict-differs' : undefined}>
                    <th scope="row">{label(row.field)}</th>
                    <td>{row.theirs}</td>
                    <td>
                      {row.mine}
                      {row.differs && <span className="sr-only"> (differs)</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Dialog>
  );
}
