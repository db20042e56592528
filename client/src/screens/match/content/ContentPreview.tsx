import type { MatchContent } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { basketStore } from '../../../stores/basket';
import { ContentRecord } from './ContentRecord';
import type { ContentTab } from './useContentTab';
import { editingNow } from '../../../live/useDeletedBy';

const GROUPINGS = [
  { label: 'Market', value: 'market' },
  { label: 'Language', value: 'language' },
  { label: 'Channel', value: 'channel' },
] as const;
type Grouping = (typeof GROUPINGS)[number]['value'];

const groupOf = (mc: MatchContent, by: Grouping) =>
  by === 'market' ? (mc.market?.name ?? mc.market_type?.name ?? 'Any market') : by === 'language' ? mc.language.code : mc.channel.name;

/** The Preview tab: the match's content grouped by market, language or channel, with Edit, Delete and Add to basket. */
export function ContentPreview({ tab }: { tab: ContentTab }) {
  const by = (tab.search.get('group_by') ?? 'market') as Grouping;
  const [deleting, setDeleting] = useState<MatchContent | null>(null);
  const { items } = useSnapshot(basketStore);
  const groups = new Map<string, MatchContent[]>();
  for (const mc of tab.records) groups.set(groupOf(mc, by), [...(groups.get(groupOf(mc, by)) ?? []), mc]);
  return (
    <div className="content-preview">
      <SelectButton
        value={by}
        options={[...GROUPINGS]}
        allowEmpty={false}
        aria-label="Group by"
        onChange={(e) => tab.setSearchParam('group_by', e.value === 'market' ? '' : (e.value as string))}
      />
      {tab.loading ? (
        <p>Loading...</p>
      ) : tab.records.length === 0 ? (
        <p>No content for this match yet.</p>
      ) : (
        [...groups.entries()].map(([name, records]) => (
          <section key={name} className="content-group" aria-label={name}>
            <h3>{name}</h3>
            <ul>
              {records.map((mc) => {
                const inBasket = items.some((i) => i.match_content_id === mc.id);
                return <ContentRecord key={mc.id} mc={mc} tab={tab} inBasket={inBasket} onDelete={() => setDeleting(mc)} />;
              })}
            </ul>
          </section>
        ))
      )}
      <Dialog
        header="Delete content"
        visible={deleting !== null}
        onHide={() => setDeleting(null)}
        style={{ width: '360px' }}
        footer={
          <>
            <Button type="button" label="No" text onClick={() => setDeleting(null)} />
            <Button
              type="button"
              label="Yes"
              severity="danger"
              onClick={() => {
                const target = deleting;
                setDeleting(null);
                if (target) void tab.remove(target);
              }}
            />
          </>
        }
      >
        <p>Are you sure?</p>
        {/* Who would lose an edit in progress (presence names the tab, not the record). */}
        {tab.otherEditors.length > 0 && <p className="content-delete-editors">{editingNow(tab.otherEditors, 'content')}</p>}
      </Dialog>
    </div>
  );
}
