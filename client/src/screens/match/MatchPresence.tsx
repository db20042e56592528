import { EDITING_TAB_LABELS, type MatchEditor } from '@odds/protocol';
import { useSnapshot } from 'valtio';
import type { MatchLive } from '../../live/matchLive';
import { sessionStore } from '../../stores/session';

/** Two letters for an operator's badge: the initials of the first and last word of the name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words.at(-1)!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/** "Demo Operator is editing Thresholds" (the reader's own entry says so: "Demo Operator (you)"). */
export function editingText(editor: MatchEditor, myId: number | undefined): string {
  return `${editor.name}${editor.id === myId ? ' (you)' : ''} is editing ${EDITING_TAB_LABELS[editor.tab] ?? editor.tab}`;
}

/**
 * Who watches the match, and who edits which of its tabs (a form with unsaved changes), pushed
 * over the match's room. Said in text, the badges only repeat the initials.
 */
export function MatchPresence({ live }: { live: MatchLive }) {
  const { viewers, editors } = useSnapshot(live.state);
  const myId = useSnapshot(sessionStore).user?.id;
  const { count, names } = viewers;
  return (
    <>
      <span className="live-presence" title={names.join(', ')}>
        <i className="pi pi-users" aria-hidden="true" /> Watching: {count}
        {names.length ? ` (${names.join(', ')})` : ''}
      </span>
      {editors.length > 0 && (
        <ul className="match-editors" aria-label="Editing now">
          {editors.map((editor) => (
            <li key={`${editor.id}/${editor.tab}`} className="match-editor">
              <span className="presence-badge" aria-hidden="true" data-hue={editor.id % 6}>
                {initialsOf(editor.name)}
              </span>
              <span>{editingText(editor, myId)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
