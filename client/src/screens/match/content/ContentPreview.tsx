import type { MatchContent } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ChangeMark } from '../../../components/marks/ChangeMark';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { basketStore } from '../../../stores/basket';
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
                return (
                  <li key={mc.id} className="content-record">
                    <div className="content-record-meta">
                      #{mc.id} · {mc.market?.name ?? 'Any market'} · {mc.language.code} · {mc.channel.name} · {mc.node_id}
                      {mc.period ? ` · period ${mc.period}` : ''}
                      {mc.timed ? ` · ${mc.meta.before} min before` : ''}
                      {mc.hold ? ' · on hold' : ''}
                      <ChangeMark by={tab.marks.get(mc.id)} />
                    </div>
                    <div className="content-record-text">
                      {(['title', 'content', 'cta'] as const).map(
                        (type) =>
                          mc.content[type][0] && (
                            <p key={type}>
                              <strong>{type}:</strong> {mc.content[type][0].content}
                            </p>
                          ),
                      )}
                    </div>
                    <span className="content-record-actions">
                      <Button type="button" label="Edit" text size="small" aria-label={`Edit content ${mc.id}`} onClick={() => tab.edit(mc)} />
                      <Button
                        type="button"
                        label="Delete"
                        text
                        severity="danger"
                        className="danger-strong"
                        size="small"
                        aria-label={`Delete content ${mc.id}`}
                        onClick={() => setDeleting(mc)}
                      />
                      <Button
                        type="button"
                        label={inBasket ? 'In basket' : 'Add to basket'}
                        outlined
                        size="small"
                        disabled={inBasket}
                        aria-label={`${inBasket ? 'In basket' : 'Add to basket'}: content ${mc.id}`}
                        onClick={() => void tab.addToBasket(mc)}
                      />
                    </span>
                  </li>
                );
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
