import './changeMark.css';

/**
 * The brief mark on a row another operator (or I) just changed: 'changed by Ana just now'. One
 * component everywhere, with its own style (every screen that shows it, not only the match page),
 * set off from the text before it by a space, so a cell reads 'Both Teams to Score changed by…'.
 */
export function ChangeMark({ by }: { by: string | undefined }) {
  if (!by) return null;
  return (
    <>
      {' '}
      <span className="change-mark" role="status">
        changed by {by} just now
      </span>
    </>
  );
}
