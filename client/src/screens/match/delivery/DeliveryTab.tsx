import { GenericTable } from '../../../components/table';
import { TabTitle } from '../TabTitle';
import { useLiveList } from '../useLiveList';
import { useMatchPage } from '../useMatchPage';
import { LoadOlder } from '../LoadOlder';
import { useTopicRows } from '../useTopicRows';
import { DELIVERY_COLUMNS, deliveryValue } from './deliveryColumns';

/** Delivery tab (SPEC §2): the match's deliveries, live; a selected row shows content, cta and raw data. */
export default function DeliveryTab() {
  const { live } = useMatchPage();
  const { rows, ready } = useTopicRows(live, 'deliveries');
  const list = useLiveList(rows, {
    defaultSort: '-created_at',
    sortFields: ['id', 'channel', 'market', 'contact', 'language', 'status', 'sent_at', 'created_at'],
    ready,
    reload: () => live?.refresh(),
    sortValue: deliveryValue,
  });
  const selected = list.selected;
  return (
    <section aria-labelledby="delivery-title" className="live-tab">
      <TabTitle id="delivery-title" tab="delivery" />
      <GenericTable list={list} columns={DELIVERY_COLUMNS} label="Deliveries" emptyMessage="No deliveries yet" />
      <LoadOlder live={live} topic="deliveries" label="deliveries" />
      {selected && (
        <section aria-labelledby="delivery-detail-title" className="delivery-detail">
          <h3 id="delivery-detail-title">Delivery {selected.id}</h3>
          <dl>
            <dt>Content</dt>
            <dd>{selected.log.content ?? selected.log.body ?? ''}</dd>
            <dt>Cta</dt>
            <dd>{selected.log.cta ?? ''}</dd>
          </dl>
          <h4>Raw data</h4>
          <pre className="raw-data" tabIndex={0} aria-label="Raw data">{JSON.stringify(selected, null, 2)}</pre>
        </section>
      )}
    </section>
  );
}
