import { Button } from 'primereact/button';
import { TabTitle } from '../../../components/match/TabTitle';
import { useMatchPage } from '../../../live/matchPage';
import { WhyTable } from '../why/WhyTable';
import { FEED_COLUMNS } from './feedColumns';
import { useFeedList } from './useFeedList';

/**
 * Feed tab (SPEC §2): the match's feed events of the market chosen in the header (all until one
 * is), filtered and paged on the server, live on the first page; a selected row shows its raw data.
 */
export default function FeedTab() {
  const { live, matchId, marketId } = useMatchPage();
  const list = useFeedList(live, matchId, marketId);
  return (
    <section aria-labelledby="feed-title" className="live-tab">
      <TabTitle id="feed-title" tab="feed" />
      <div className="live-tab-toolbar">
        <Button type="button" label="Refresh" icon="pi pi-refresh" size="small" outlined onClick={() => list.reload()} />
      </div>
      <p className="hint">Click a feed event, or press Enter on it, for its raw data and why it did or did not fire.</p>
      <WhyTable live={live} matchId={matchId} list={list} columns={FEED_COLUMNS} label="Feed events" emptyMessage="No feed events yet" older={null} />
      {list.selected && (
        <section aria-labelledby="feed-raw-title">
          <h3 id="feed-raw-title">Raw data of feed event {list.selected.id}</h3>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the keyboard focus to be scrolled without a mouse (WCAG 2.1.1, axe's scrollable-region-focusable) */}
          <pre className="raw-data" tabIndex={0} role="region" aria-label="Raw data">
            {JSON.stringify(list.selected.raw ?? list.selected, null, 2)}
          </pre>
        </section>
      )}
    </section>
  );
}
