import { GenericTable } from '../../../components/table';
import { TabTitle } from '../../../components/match/TabTitle';
import { useLiveList } from '../../../components/table/useLiveList';
import { useMatchPage } from '../../../live/matchPage';
import { LoadOlder } from '../LoadOlder';
import { useTopicRows } from '../../../live/useTopicRows';
import { formatDateTime } from '../../../lib/format';
import { DELIVERY_COLUMNS, deliveryValue, figuresExplained } from '../../../components/delivery/deliveryColumns';
import { RetryDeliveryButton } from '../../../components/delivery/RetryDeliveryButton';
import { useRetryDelivery } from '../../../components/delivery/useRetryDelivery';

/** Delivery tab (SPEC §2): the match's deliveries, live; a selected row shows content, cta and raw data. */
export default function DeliveryTab() {
  const { live } = useMatchPage();
  const { rows, ready } = useTopicRows(live, 'deliveries');
  const list = useLiveList(rows, {
    defaultSort: '-created_at',
    sortFields: ['id', 'channel', 'market', 'contact', 'language', 'status', 'attempts', 'sent_at', 'created_at'],
    ready,
    reload: () => live?.refresh(),
    sortValue: deliveryValue,
  });
  const selected = list.selected;
  // The row changes live once the retry is stored (the deliveries topic): nothing to reload here.
  const { retry, retrying } = useRetryDelivery();
  return (
    <section aria-labelledby="delivery-title" className="live-tab">
      <TabTitle id="delivery-title" tab="delivery" />
      <GenericTable list={list} columns={DELIVERY_COLUMNS} label="Deliveries" className="fit-table" emptyMessage="No deliveries yet" />
      <LoadOlder live={live} topic="deliveries" label="deliveries" />
      {selected && (
        <section aria-labelledby="delivery-detail-title" className="delivery-detail">
          <h3 id="delivery-detail-title">Delivery {selected.id}</h3>
          <dl>
            <dt>Content</dt>
            <dd>{selected.log.content ?? selected.log.body ?? ''}</dd>
            <dt>Cta</dt>
            <dd>{selected.log.cta ?? ''}</dd>
            <dt>Status</dt>
            <dd>
              {selected.status}, {selected.attempts} {selected.attempts === 1 ? 'attempt' : 'attempts'}
              {selected.next_attempt_at && `, next attempt ${formatDateTime(selected.next_attempt_at)}`}
            </dd>
            <dt>Last error</dt>
            <dd>{selected.last_error ?? ''}</dd>
            <dt>Figures</dt>
            <dd>{figuresExplained(selected)}</dd>
          </dl>
          <RetryDeliveryButton delivery={selected} retrying={retrying} onRetry={(d) => void retry(d)} withLabel />
          <h4>Raw data</h4>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the keyboard focus to be scrolled without a mouse (WCAG 2.1.1, axe's scrollable-region-focusable) */}
          <pre className="raw-data" tabIndex={0} role="region" aria-label="Raw data">
            {JSON.stringify(selected, null, 2)}
          </pre>
        </section>
      )}
    </section>
  );
}
