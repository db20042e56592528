import { routes, type MarketType, type UofMarketMapping } from '@odds/protocol';
import { Button } from 'primereact/button';
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { invalidateRoute, useApiQuery } from '../../api/queries';
import { useSaving } from '../../api/useSaving';
import { contextStore } from '../../stores/context';
import { UofMappingForm, type Draft } from './UofMappingForm';
import { UofMappingTable } from './UofMappingTable';
import { useUofDescriptions, variantOfOutcome } from './useUofDescriptions';

const NO_TYPES: MarketType[] = [];

const emptyDraft = (): Draft => ({ editing: false, uofMarketId: '', name: '', typeId: null, lineSpecifier: '', ids: {}, variant: '' });

const draftOf = (m: UofMarketMapping): Draft => ({
  editing: true,
  uofMarketId: String(m.uof_market_id),
  name: m.name,
  typeId: m.type_id,
  lineSpecifier: m.line_specifier ?? '',
  ids: Object.fromEntries(m.outcomes.map((o) => [o.key, o.id])),
  // A variant market's outcome ids name their variant (`sr:exact_goals:5+:1338`).
  variant: variantOfOutcome(m.outcomes[0]?.id),
});

/**
 * The UOF market mapping (Markets screen): which of our market types a UOF market id is, the
 * specifier that carries its line, and which UOF outcome id is which outcome key. The UOF adapter
 * reads the same table within seconds; a UOF market without a row counts as unknown (Feed health).
 */
export function UofMappingSection() {
  const { sportId } = useSnapshot(contextStore);
  // Failures are reported by the API client.
  const rows = useApiQuery(routes.uofMarketMap, {}).data?.results ?? null;
  const types = useApiQuery(routes.marketTypes, { params: { s: sportId } }, { enabled: !!sportId }).data?.results ?? NO_TYPES;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { saving, run } = useSaving();
  const vendor = useUofDescriptions();

  const load = () => invalidateRoute(routes.uofMarketMap);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const built = mappingInput(draft, types);
    if (!built.ok) return setError(built.error);
    const { id, body } = built;
    setError(null);
    try {
      await run(async () => {
        await api(routes.uofMarketMapSave, { params: { uofMarketId: id }, body });
        setDraft(null);
        await load();
      });
    } catch (cause) {
      setError((cause as Error).message);
    }
  };

  const remove = async (m: UofMarketMapping) => {
    if (!window.confirm(`Remove the mapping of UOF market ${m.uof_market_id} (${m.name})? Its messages will count as unknown markets.`)) return;
    try {
      await api(routes.uofMarketMapDelete, { params: { uofMarketId: m.uof_market_id } });
    } catch {
      // Reported by the API client.
    }
    await load();
  };

  const edit = (next: Draft) => {
    setError(null);
    setDraft(next);
  };

  return (
    <section aria-labelledby="uof-mapping-title" className="uof-mapping">
      <div className="uof-mapping-title">
        <h2 id="uof-mapping-title">UOF market mapping</h2>
        <Button label="Add mapping" icon="pi pi-plus" size="small" outlined onClick={() => edit(emptyDraft())} disabled={draft !== null} />
      </div>
      <p className="hint">
        Sportradar UOF markets the feed turns into this console's markets. A UOF market without a row is counted as unknown on the Feed health screen.
      </p>
      {vendor.loaded && !vendor.available && (
        <p className="hint" role="status">
          {vendor.reason}
        </p>
      )}
      {draft && (
        <UofMappingForm
          draft={draft}
          setDraft={setDraft}
          types={types}
          vendor={vendor.byId}
          error={error}
          saving={saving}
          onSubmit={(e) => void save(e)}
          onCancel={() => setDraft(null)}
        />
      )}
      <UofMappingTable rows={rows} types={types} vendor={vendor.byId} onEdit={(m) => edit(draftOf(m))} onDelete={(m) => void remove(m)} />
    </section>
  );
}

/** The draft as the save's id and body, or what is missing (only the chosen type's outcome keys go). */
function mappingInput(draft: Draft, types: MarketType[]) {
  const id = Number(draft.uofMarketId);
  if (!Number.isInteger(id) || id < 1) return { ok: false, error: 'UOF market id must be a whole number of 1 or more.' } as const;
  if (!draft.name.trim()) return { ok: false, error: 'Give the mapping a name.' } as const;
  if (!draft.typeId) return { ok: false, error: 'Choose the market type.' } as const;
  const chosen = types.find((t) => t.id === draft.typeId) ?? null;
  const outcomes = Object.entries(draft.ids)
    .map(([key, uofId]) => ({ key, id: uofId.trim() }))
    .filter((o) => o.id && chosen?.outcomes.includes(o.key));
  if (!outcomes.length) return { ok: false, error: 'Give the UOF outcome id of at least one outcome.' } as const;
  const body = { type_id: draft.typeId, line_specifier: draft.lineSpecifier.trim() || null, name: draft.name.trim(), outcomes };
  return { ok: true, id, body } as const;
}
