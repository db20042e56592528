import { formatOdds, type CompiledContent, type Market } from '@odds/protocol';
import { InputNumber } from 'primereact/inputnumber';
import type { Stats2 } from './useStats2';

/** A cta's link target is the betslip it opens: a link when it is an address, else its outcome. */
function Betslip({ item }: { item: CompiledContent }) {
  if (!item.link_target) return null;
  return /^https?:\/\//.test(item.link_target) ? (
    <a href={item.link_target} target="_blank" rel="noreferrer">
      Betslip
    </a>
  ) : (
    <span className="muted">Betslip: {item.link_target}</span>
  );
}

/**
 * The live content offer: the simulated offer's minutes and odds per outcome, and what the
 * compiler makes of them — odds and, with 'Show templates', the compiled content.
 */
export function ContentOffers({ stats, market }: { stats: Stats2; market: Market }) {
  const { reply, loading } = stats.offer;
  return (
    <section className="content-offers" aria-labelledby="content-offers-title" aria-busy={loading}>
      <h2 id="content-offers-title">Content offers</h2>
      <div className="list-filters">
        <span className="field">
          <label htmlFor="stats2-minutes">Minutes</label>
          <InputNumber
            inputId="stats2-minutes"
            value={stats.minutes}
            min={0}
            max={200}
            useGrouping={false}
            onValueChange={(e) => stats.setMinutes(Math.round(e.value ?? 0))}
          />
        </span>
        {market.type.outcomes.slice(0, 12).map((outcome) => (
          <span className="field" key={outcome}>
            <label htmlFor={`stats2-odds-${outcome}`}>Odds {outcome}</label>
            <InputNumber
              inputId={`stats2-odds-${outcome}`}
              value={stats.odds[outcome] ?? null}
              mode="decimal"
              minFractionDigits={2}
              maxFractionDigits={3}
              min={1}
              useGrouping={false}
              onValueChange={(e) => stats.setOdds(outcome, e.value ?? null)}
            />
          </span>
        ))}
      </div>
      {reply && reply.odds.length > 0 && (
        <p className="offer-odds">
          {reply.odds.map((o) => (
            <span key={o.label} className="odds-chip">
              {o.label} {formatOdds(o.odds)}
            </span>
          ))}
        </p>
      )}
      {stats.options.showTemplates &&
        (reply && reply.results.length > 0 ? (
          <ul className="compiled">
            {reply.results.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list of one reply, drawn whole and replaced whole: its items have no id (the same text may come twice) and never move
              <li key={`${item.content_id ?? 'x'}-${i}`}>
                <span className="content-type">{item.content_type}</span> {item.content} {item.content_type === 'cta' && <Betslip item={item} />}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{loading ? 'Loading...' : 'No content for this market yet.'}</p>
        ))}
    </section>
  );
}
