import { useEffect, useRef } from 'react';
import { useMatchPage } from '../../live/matchPage';

/**
 * The tab's page heading, 'Argentina - France feed' ('Match 12 feed' until the match is loaded):
 * for screen readers, as the header shows the match name and the tab bar the tab.
 */
export function TabTitle({ id, tab }: { id: string; tab: string }) {
  const { match, matchId } = useMatchPage();
  const heading = useRef<HTMLHeadingElement | null>(null);
  // Arriving from a link that is gone (a row of the Matches list, another screen), the focus was
  // left on the page itself: start it at the tab's heading, so Tab goes on into the tab's content
  // instead of through the whole shell again. A focus the operator placed is left alone.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) heading.current?.focus();
  }, []);
  return (
    <h1 id={id} className="sr-only" ref={heading} tabIndex={-1}>
      {`${match?.name ?? `Match ${matchId}`} ${tab}`}
    </h1>
  );
}
