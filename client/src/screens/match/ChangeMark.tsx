/** The brief mark on a row another operator (or I) just changed: 'changed by Ana just now'. */
export function ChangeMark({ by }: { by: string | undefined }) {
  if (!by) return null;
  return (
    <span className="change-mark" role="status">
      changed by {by} just now
    </span>
  );
}
