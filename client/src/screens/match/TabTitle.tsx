import { useMatchPage } from './useMatchPage';

/**
 * The tab's page heading, 'Argentina - France feed' ('Match 12 feed' until the match is loaded):
 * for screen readers, as the header shows the match name and the tab bar the tab.
 */
export function TabTitle({ id, tab }: { id: string; tab: string }) {
  const { match, matchId } = useMatchPage();
  return (
    <h1 id={id} className="sr-only">
      {`${match?.name ?? `Match ${matchId}`} ${tab}`}
    </h1>
  );
}
