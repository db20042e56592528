import { stallText, useMatchFeedHealth, useNow } from '../../live/feedHealthLive';

/** A clear banner while the match's feed is stalled; gone by itself when messages return. */
export function FeedStallBanner({ matchId }: { matchId: number }) {
  const health = useMatchFeedHealth(matchId);
  const stalled = health?.stalled ?? false;
  const now = useNow(stalled);
  if (!health || !stalled) return null;
  return (
    <div className="feed-stall-banner" role="alert" data-testid="feed-stall-banner">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span>{stallText(health, now)}</span>
    </div>
  );
}
