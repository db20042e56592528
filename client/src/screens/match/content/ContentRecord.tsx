import type { MatchContent } from '@odds/protocol';
import { Button } from 'primereact/button';
import { ChangeMark } from '../../../components/marks/ChangeMark';
import type { ContentTab } from './useContentTab';

/** One record of the Preview tab: where it goes, its texts, and Edit, Delete and Add to basket. */
export function ContentRecord({ mc, tab, inBasket, onDelete }: { mc: MatchContent; tab: ContentTab; inBasket: boolean; onDelete: () => void }) {
  return (
    <li className="content-record">
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
          onClick={onDelete}
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
}
