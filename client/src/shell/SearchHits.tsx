import type { SearchHit } from './useGlobalSearch';

export const LIST_ID = 'global-search-hits';
export const hitId = (index: number) => `global-search-hit-${index}`;

/** The top-bar search's hits: the combobox's listbox popup, the `active` hit highlighted. */
export function SearchHits({
  hits,
  active,
  hidden,
  onHover,
  onChoose,
}: {
  hits: readonly SearchHit[];
  active: number;
  hidden: boolean;
  onHover: (index: number) => void;
  onChoose: (hit: SearchHit) => void;
}) {
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows a list as a listbox; it is the combobox's popup */}
      <ul id={LIST_ID} role="listbox" aria-label="Search results" className="global-search-hits" hidden={hidden}>
        {hits.map((hit, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: the combobox pattern with aria-activedescendant: the focus and the keys (arrows, Enter) stay in the search box; a click is the mouse's way to choose
          <li
            key={hit.key}
            id={hitId(index)}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows a list item as an option of a listbox
            role="option"
            aria-selected={index === active}
            className={index === active ? 'active' : undefined}
            // Keep the focus in the box: the list closes on blur before a click would land.
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => onHover(index)}
            onClick={() => onChoose(hit)}
          >
            <span className={hit.kind === 'Live' ? 'hit-kind hit-kind-live' : 'hit-kind'}>{hit.kind}</span>
            <span className="hit-label">{hit.label}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
