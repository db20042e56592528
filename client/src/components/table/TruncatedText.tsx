/**
 * A table cell's text on one line, cut with an ellipsis at `maxWidth` and shown whole in a
 * tooltip: a long subject or error no longer squeezes its column to one word a line (and every
 * row to four lines).
 */
export function TruncatedText({ text, maxWidth = '18rem' }: { text: string; maxWidth?: string }) {
  if (!text) return null;
  return (
    <span className="cell-truncate" title={text} style={{ maxWidth }}>
      {text}
    </span>
  );
}
