import { Link } from 'react-router-dom';

/** The match pages (SPEC §2 "Match pages"), as icon links in a matches row. */
const MATCH_PAGES = [
  { suffix: '', label: 'Graph', icon: 'pi pi-chart-line' },
  { suffix: '/thresholds', label: 'Thresholds', icon: 'pi pi-sliders-h' },
  { suffix: '/feed', label: 'Feed', icon: 'pi pi-list' },
  { suffix: '/content', label: 'Content', icon: 'pi pi-file-edit' },
  { suffix: '/delivery', label: 'Delivery', icon: 'pi pi-send' },
] as const;

/**
 * A row's match pages, each named on screen (an icon alone left operators guessing which of six
 * look-alike icons was which); the accessible name adds the match, as the link text is the same
 * in every row.
 */
export function MatchOptions({ matchId }: { matchId: number }) {
  return (
    <span className="match-options">
      {MATCH_PAGES.map((page) => (
        <Link key={page.label} to={`/match/${matchId}${page.suffix}`} aria-label={`${page.label} of match ${matchId}`}>
          <i className={page.icon} aria-hidden="true" />
          <span>{page.label}</span>
        </Link>
      ))}
      <Link to={`/events/${matchId}`} aria-label={`Stats of match ${matchId}`}>
        <i className="pi pi-chart-bar" aria-hidden="true" />
        <span>Stats</span>
      </Link>
    </span>
  );
}
