import { formatGameClock, formatOdds, type FeedEvent } from '@odds/protocol';
import type { TableColumn } from '../../../components/table';
import { formatDateTime } from '../../../lib/format';
import { OfferStatus } from '../OfferStatus';

/** State (SPEC §2 Feed): the score, plus sub and leaf node where the sport has them. */
const feedState = (event: Pick<FeedEvent, 'score' | 'sub_node' | 'leaf_node'>) => [event.score, event.sub_node, event.leaf_node].filter(Boolean).join(' · ');

const oddsText = (event: Pick<FeedEvent, 'odds'>) => event.odds.map((o) => `${o.label} ${formatOdds(o.odds)}`).join('  ');

export const FEED_COLUMNS: TableColumn<FeedEvent>[] = [
  { field: 'id', header: 'Id', sortable: true },
  { field: 'market', header: 'Market', sortable: true, body: (row) => row.market.name },
  { field: 'targeting', header: 'Targeting', body: (row) => row.contact_names.join(', ') },
  { field: 'state', header: 'State', body: feedState },
  { field: 'match_time', header: 'Game time', sortable: true, body: (row) => formatGameClock(row.match_time, row.prematch) },
  { field: 'odds', header: 'Odds', body: oddsText, className: 'nowrap' },
  { field: 'status', header: 'Action', sortable: true, body: (row) => <OfferStatus offer={row} /> },
  { field: 'created_at', header: 'Created at', sortable: true, body: (row) => formatDateTime(row.created_at) },
];
