import { formatGameClock, formatOdds, type Offer } from '@odds/protocol';
import type { TableColumn } from '../../../components/table';
import { OfferStatus } from '../OfferStatus';

/** The offers table (SPEC §2 Graph): id, minute, score, one column per outcome, status, delivery log. */
export function offerColumns(keys: readonly string[]): TableColumn<Offer>[] {
  return [
    { field: 'id', header: 'Id', sortable: true },
    { field: 'match_time', header: 'Minute', sortable: true, body: (row) => formatGameClock(row.match_time, row.prematch) },
    { field: 'score', header: 'Score', sortable: true },
    ...keys.map(
      (key): TableColumn<Offer> => ({
        field: `outcome_${key}`,
        header: key,
        body: (row) => (row.outcome_map[key] === undefined ? '' : formatOdds(row.outcome_map[key])),
      }),
    ),
    { field: 'status', header: 'Status', sortable: true, body: (row) => <OfferStatus offer={row} /> },
    { field: 'subject', header: 'Subject', body: (row) => row.delivery?.log.subject ?? '' },
    { field: 'body', header: 'Body', body: (row) => row.delivery?.log.body ?? '' },
    { field: 'cta', header: 'Cta', body: (row) => row.delivery?.log.cta ?? '' },
  ];
}
