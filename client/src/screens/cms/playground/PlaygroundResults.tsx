import { formatOdds } from '@odds/protocol';
import { Button } from 'primereact/button';
import { unfilledTags } from './playground';
import type { Playground } from './usePlayground';

/** What the playground compiled (texts with their tags filled, and the odds), and generated options. */
export function PlaygroundResults({ pg }: { pg: Playground }) {
  return (
    <>
      {pg.compiled && (
        <section className="form-section" aria-labelledby="pg-results">
          <h2 id="pg-results">Results</h2>
          {!pg.compiled.results.length && <p className="form-hint">Nothing compiled: no content for this market.</p>}
          <ul className="pg-results" aria-label="Compiled content">
            {pg.compiled.results.map((result, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list of one reply, drawn whole and replaced whole: its items have no id (the same text may come twice) and never move
              <li key={`${result.content_id ?? 'adhoc'}-${i}`}>
                <span className="pg-type">{result.content_type}</span>
                <span className="pg-text">{result.content}</span>
                {result.link_target && <span className="form-hint">{`→ ${result.link_target}`}</span>}
                <UnknownTags text={result.content} />
              </li>
            ))}
          </ul>
          {pg.compiled.odds.length > 0 && (
            <table className="tags-table pg-odds-table" aria-label="Odds">
              <thead>
                <tr>
                  <th scope="col">Outcome</th>
                  <th scope="col">Line</th>
                  <th scope="col">Odds</th>
                </tr>
              </thead>
              <tbody>
                {pg.compiled.odds.map((odds) => (
                  <tr key={odds.label}>
                    <td>{odds.label}</td>
                    <td>{odds.line === null ? '' : formatOdds(odds.line)}</td>
                    <td>{formatOdds(odds.odds)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
      {pg.suggestions && (
        <section className="form-section" aria-labelledby="pg-options">
          <h2 id="pg-options">Content options</h2>
          {!pg.suggestions.length && <p className="form-hint">No options for this situation.</p>}
          <ul className="pg-results" aria-label="Content options">
            {pg.suggestions.map((element, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list of one reply, drawn whole and replaced whole: its items have no id (the same text may come twice) and never move
              <li key={i}>
                <span className="pg-type">{element.content_type}</span>
                <span className="pg-text">{element.content}</span>
                <Button label="Use" size="small" text aria-label={`Use option ${i + 1}`} onClick={() => pg.pickSuggestion(element)} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** Tags left as written in a compiled text: unknown to the compiler, so flagged beside it. */
function UnknownTags({ text }: { text: string }) {
  const tags = unfilledTags(text);
  if (!tags.length) return null;
  return (
    <span className="pg-unknown-tags" role="alert">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      {` Unknown query tag${tags.length > 1 ? 's' : ''} ${tags.join(', ')}: left as written. See Query tags for the ones that exist.`}
    </span>
  );
}
