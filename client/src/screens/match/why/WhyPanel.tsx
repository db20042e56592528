import type { Offer } from '@odds/protocol';
import { Dialog } from 'primereact/dialog';
import type { MatchLive } from '../../../live/matchLive';
import { closestSet } from '../../../components/why/closest';
import { useWhy, type WhyData } from './useWhy';
import { heldBackText, heldBackWho, nothingFired, offerSummary, setLabel, setReasonText, textChoice, textParts } from '../../../components/why/whyText';
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
 * bounds that held, and for each set that did not fire the reason the engine stored when it decided
 * the offer. Read again as the live state of the offer changes.
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

export function WhyBody({ offer, data }: { offer: Offer; data: WhyData }) {
  const { firings, deliveries, suppressions, sets } = data;
  const reasons = offer.reasons ?? [];
  const closest = firings.length === 0 ? closestSet(offer, sets) : null;
  return (
    <>
      <section aria-labelledby="why-fired">
        <h3 id="why-fired">Fired</h3>
        {firings.length === 0 && reasons.length === 0 && <p className="why-nothing">{nothingFired(suppressions, sets.length, closest)}</p>}
        {firings.length === 0 && reasons.length > 0 && <p className="why-nothing">Nothing fired on this offer.</p>}
        {firings.length > 0 && (
          <ul className="why-list">
            {firings.flatMap((f) =>
              f.outcomes.map((o) => (
                <li key={`${f.id}-${o.outcome}`}>
                  <span className="why-tag">{setLabel(f.threshold_set.id, sets)}:</span> {o.why}
                </li>
              )),
            )}
          </ul>
        )}
        {reasons.length > 0 && (
          <>
            <h4 id="why-not-fired">{firings.length ? 'Did not fire' : 'Why not'}</h4>
            <ul className="why-list" aria-labelledby="why-not-fired">
              {reasons.map((r) => (
                <li key={r.set_id}>
                  <strong>{setLabel(r.set_id, sets)}</strong>: {setReasonText(r)}
                  {r.kind === 'NOT_MET' && closest?.set.id === r.set_id && closest.gap > 0 ? ` ${closest.text}` : ''}
                </li>
              ))}
            </ul>
          </>
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
                </div>
                {textChoice(d, sets) && <p className="why-choice">{textChoice(d, sets)}</p>}
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
                <strong>{heldBackWho(s, sets)}</strong>: {heldBackText(s)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
