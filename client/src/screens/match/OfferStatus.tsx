import type { Offer } from '@odds/protocol';

/**
 * An offer's status as the Feed and Graph tables show it: a fired offer that sent nothing reads
 * "fired, nothing sent" with why (its stored suppressions), not TRIGGERED as if something went out.
 */
export function OfferStatus({ offer }: { offer: Pick<Offer, 'status' | 'nothing_sent'> }) {
  const why = offer.nothing_sent;
  if (offer.status !== 'TRIGGERED' || !why) return <>{offer.status}</>;
  const reasons = why.length ? why.map((w) => w.detail || w.reason).join('; ') : 'no contact was due to receive it';
  return (
    <span className="offer-nothing-sent" title={why.map((w) => `${w.reason}: ${w.detail}`).join('\n') || undefined}>
      <strong>fired, nothing sent</strong>
      <span className="offer-nothing-sent-why">{reasons}</span>
    </span>
  );
}
