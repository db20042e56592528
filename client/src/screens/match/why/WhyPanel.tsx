import type { Offer } from '@odds/protocol';
import { Dialog } from 'primereact/dialog';
import type { MatchLive } from '../../../live/matchLive';
import { closestSet } from './closest';
import { useWhy, type WhyData } from './useWhy';
import { heldBackText, heldBackWho, nothingFired, offerSummary, textParts } from './whyText';
import './why.css';

interface WhyPanelProps {
  live: MatchLive | null;
  matchId: number;
  /** The offer whose decisions are shown; null keeps the panel closed. */
  offer: Offer | null;
  onHide(): void;
}

/**
 * The "Why" panel of an offer: which sets fired on which outcome and why, who received
 * what text, who was held back and why; for an offer where nothing fired, says so and lists the
 * bounds that held. Read again as the live state of the offer changes.
 */
export function WhyPanel({ live, matchId, offer, onHide }: WhyPanelProps) {
  const why = useWhy(live, matchId, offer?.id ?? null, offer?.market_id ?? null);
  const shown = why.offer ?? offer;
  return (
    <Dialog
      header={shown ? `Why: offer ${shown.id}` : 'Why'}
      visible={offer !== null}
      onHide={onHide}
      position="right"
      style={{ width: 'min(720px, 100vw)' }}
      className="why-panel"
      aria-describedby="why-summary"
    >
      {shown && (
        <p id="why-summary" className="why-summary">
          {offerSummary(shown)} · <strong>{shown.status}</strong>
        </p>
      )}
      {why.error && <p role="alert">{why.error}</p>}
      {!why.data || !shown ? !why.error && <p aria-busy="true">Loading...</p> : <WhyBody offer={shown} data={why.data} />}
    </Dialog>
  );
}

function WhyBody({ offer, data }: { offer: Offer; data: WhyData }) {
  const { firings, deliveries, suppressions } = data;
  const closest = firings.length === 0 ? closestSet(offer, data.sets) : null;
  return (
    <>
      <section aria-labelledby="why-fired">
        <h3 id="why-fired">Fired</h3>
        {firings.length === 0 ? (
          <p className="why-nothing">{nothingFired(suppressions, data.sets.length, closest)}</p>
        ) : (
          <ul className="why-list">
            {firings.flatMap((f) =>
              f.outcomes.map((o) => (
                <li key={`${f.id}-${o.outcome}`}>
                  <span className="why-tag">Set {f.threshold_set.id}{f.threshold_set.type ? ` (${f.threshold_set.type})` : ''}</span> {o.why}
                </li>
              )),
            )}
          </ul>
        )}
      </section>
      <section aria-labelledby="why-sent">
        <h3 id="why-sent">Received</h3>
        {deliveries.length === 0 ? (
          <p>No one received anything for this offer.</p>
        ) : (
          <ul className="why-list">
            {deliveries.map((d) => (
              <li key={d.id}>
                <div>
                  <strong>{d.contact.name}</strong> · {d.channel.name} · {d.language} · {d.status}
                  {d.log.outcome ? ` · text of ${d.log.outcome}${d.log.set_id ? ` (Set ${d.log.set_id})` : ''}` : ''}
                </div>
                <dl className="why-text">
                  {textParts(d).map((p) => (
                    <div key={p.label}>
                      <dt>{p.label}</dt>
                      <dd>{p.text}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="why-held">
        <h3 id="why-held">Held back</h3>
        {suppressions.length === 0 ? (
          <p>Nothing was held back.</p>
        ) : (
          <ul className="why-list">
            {suppressions.map((s) => (
              <li key={s.id}>
                <strong>{heldBackWho(s)}</strong>: {heldBackText(s)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
