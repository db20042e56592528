import type { MarketType, UofMarketDescription, UofOutcomeName } from '@odds/protocol';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { FormEvent } from 'react';
import { isVariantMarket, useVariantOutcomes } from './useUofDescriptions';

/** The form's state: text as typed, one UOF outcome id per outcome key of the chosen type. */
export interface Draft {
  editing: boolean;
  uofMarketId: string;
  name: string;
  typeId: number | null;
  lineSpecifier: string;
  ids: Record<string, string>;
  /** The vendor variant whose outcomes are offered (`sr:exact_goals:5+`); not saved, the outcome ids carry it. */
  variant: string;
}

interface Props {
  draft: Draft;
  setDraft: (draft: Draft) => void;
  types: MarketType[];
  /** The vendor's markets by id; empty when its descriptions are unavailable. */
  vendor: ReadonlyMap<number, UofMarketDescription>;
  error: string | null;
  saving: boolean;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}

const NO_OUTCOMES: UofOutcomeName[] = [];

/**
 * Adds or edits one row of the UOF mapping. With the vendor's descriptions the market id offers
 * the vendor's markets by name (and fills in the name), a variant market offers its variants, and
 * each outcome id offers the vendor's outcomes, with the name of the one entered beside it.
 */
export function UofMappingForm({ draft, setDraft, types, vendor, error, saving, onSubmit, onCancel }: Props) {
  const chosen = draft.typeId ? (types.find((t) => t.id === draft.typeId) ?? null) : null;
  const marketId = Number(draft.uofMarketId);
  const market = Number.isInteger(marketId) ? vendor.get(marketId) : undefined;
  const variantMarket = isVariantMarket(market);
  const variantOutcomes = useVariantOutcomes(variantMarket && market ? market.id : null, draft.variant);
  const outcomes = variantMarket ? variantOutcomes : (market?.outcomes ?? NO_OUTCOMES);
  const lineSpecifiers = market?.specifiers.filter((s) => s.name !== 'variant') ?? [];

  const chooseMarket = (text: string) => {
    const next = vendor.get(Number(text));
    const previous = market?.name;
    // The vendor's name fills an empty name, or replaces the one it filled in for another market.
    const name = next && (!draft.name.trim() || draft.name === previous) ? next.name : draft.name;
    setDraft({ ...draft, uofMarketId: text, name, variant: next?.variants.includes(draft.variant) ? draft.variant : '' });
  };

  return (
    <form className="uof-mapping-form" aria-label={draft.editing ? `Edit mapping of UOF market ${draft.uofMarketId}` : 'New mapping'} onSubmit={onSubmit}>
      <UofMarketIdField draft={draft} vendor={vendor} market={market} onChange={chooseMarket} />
      <div className="field">
        <label htmlFor="uof-mapping-name">Name</label>
        <InputText id="uof-mapping-name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="uof-mapping-type">Market type</label>
        <select
          id="uof-mapping-type"
          className="p-inputtext"
          value={draft.typeId ?? ''}
          onChange={(e) => setDraft({ ...draft, typeId: Number(e.target.value) || null })}
        >
          <option value="">Choose…</option>
          {types.map((t) => (
            <option key={t.id} value={t.id}>
              {t.id} · {t.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="uof-mapping-line">Line specifier</label>
        <InputText
          id="uof-mapping-line"
          value={draft.lineSpecifier}
          list={lineSpecifiers.length ? 'uof-vendor-specifiers' : undefined}
          placeholder={lineSpecifiers.length ? `vendor: ${lineSpecifiers.map((s) => s.name).join(', ')}` : 'none (e.g. total, hcp)'}
          onChange={(e) => setDraft({ ...draft, lineSpecifier: e.target.value })}
        />
        {lineSpecifiers.length > 0 && (
          <datalist id="uof-vendor-specifiers">
            {lineSpecifiers.map((s) => (
              <option key={s.name} value={s.name} />
            ))}
          </datalist>
        )}
      </div>
      {variantMarket && market && <UofVariantField variants={market.variants} draft={draft} setDraft={setDraft} />}
      {chosen && <UofOutcomeIds keys={chosen.outcomes} draft={draft} setDraft={setDraft} outcomes={outcomes} variantMarket={variantMarket} />}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <div className="uof-mapping-actions">
        <Button type="submit" label="Save mapping" size="small" loading={saving} />
        <Button type="button" label="Cancel" size="small" text onClick={onCancel} />
      </div>
    </form>
  );
}

/** The UOF market id, offering the vendor's markets by name, and the vendor's name of the one entered. */
function UofMarketIdField({
  draft,
  vendor,
  market,
  onChange,
}: {
  draft: Draft;
  vendor: ReadonlyMap<number, UofMarketDescription>;
  market: UofMarketDescription | undefined;
  onChange: (text: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor="uof-market-id">UOF market id</label>
      <InputText
        id="uof-market-id"
        value={draft.uofMarketId}
        inputMode="numeric"
        list={vendor.size ? 'uof-vendor-markets' : undefined}
        disabled={draft.editing}
        aria-describedby="uof-market-vendor"
        onChange={(e) => onChange(e.target.value)}
      />
      {vendor.size > 0 && (
        <datalist id="uof-vendor-markets">
          {[...vendor.values()].map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </datalist>
      )}
      <small id="uof-market-vendor" className="hint">
        {market
          ? `Vendor: ${market.name} (groups ${market.groups.join(', ') || 'none'})`
          : vendor.size && draft.uofMarketId
            ? "Not in the vendor's market descriptions."
            : ''}
      </small>
    </div>
  );
}

/** One UOF outcome id per outcome key of the chosen type, offering the vendor's outcomes, with the name of the one entered. */
function UofOutcomeIds({
  keys,
  draft,
  setDraft,
  outcomes,
  variantMarket,
}: {
  keys: readonly string[];
  draft: Draft;
  setDraft: (draft: Draft) => void;
  outcomes: readonly UofOutcomeName[];
  variantMarket: boolean;
}) {
  const outcomeName = (id: string) => outcomes.find((o) => o.id === id.trim())?.name ?? null;
  return (
    <fieldset className={variantMarket ? 'uof-mapping-outcomes variant-outcomes' : 'uof-mapping-outcomes'}>
      <legend>UOF outcome id of each outcome</legend>
      {outcomes.length > 0 && (
        <datalist id="uof-vendor-outcomes">
          {outcomes.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </datalist>
      )}
      {keys.map((key) => (
        <div className="field" key={key}>
          <label htmlFor={`uof-outcome-${key}`}>{key}</label>
          <InputText
            id={`uof-outcome-${key}`}
            value={draft.ids[key] ?? ''}
            list={outcomes.length ? 'uof-vendor-outcomes' : undefined}
            aria-describedby={`uof-outcome-${key}-vendor`}
            onChange={(e) => setDraft({ ...draft, ids: { ...draft.ids, [key]: e.target.value } })}
          />
          <small id={`uof-outcome-${key}-vendor`} className="hint">
            {outcomeName(draft.ids[key] ?? '') ?? ''}
          </small>
        </div>
      ))}
    </fieldset>
  );
}

/** A variant market's variant (`sr:exact_goals:5+`), whose outcomes the outcome ids offer; the one entered stays a choice. */
function UofVariantField({ variants, draft, setDraft }: { variants: readonly string[]; draft: Draft; setDraft: (draft: Draft) => void }) {
  return (
    <div className="field">
      <label htmlFor="uof-mapping-variant">Variant</label>
      <select id="uof-mapping-variant" className="p-inputtext" value={draft.variant} onChange={(e) => setDraft({ ...draft, variant: e.target.value })}>
        <option value="">Choose…</option>
        {[...new Set([...variants, ...(draft.variant ? [draft.variant] : [])])].map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </div>
  );
}
