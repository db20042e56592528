import { MARKET_TYPE_IDS_BY_EVALUATOR, routes, type CatalogMarketType, type MarketEvaluator } from '@odds/protocol';
import { useSnapshot } from 'valtio';
// The tab's parts first, then the console's.
import { CatalogTab } from './CatalogTab';
import type { FieldSpec, Values } from './fields';
import { FORM_SHOWN } from './RecordForm';
import { api } from '../../api/client';
import { contextStore } from '../../stores/context';
import { inMemoryGetList, useList, type TableColumn } from '../../components/table';

const EVALUATORS = Object.keys(MARKET_TYPE_IDS_BY_EVALUATOR) as MarketEvaluator[];
const NONE = 'none';
const values = (t: CatalogMarketType): Values => ({
  id: t.id,
  sport_id: t.sport_id,
  name: t.name,
  outcomes: t.outcomes.join(', '),
  evaluator: t.evaluator ?? NONE,
});
const keys = (text: unknown) =>
  String(text ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);

/** Every market type (SPEC §9 ids): create and edit its sport, name, outcome keys and evaluator. */
export function MarketTypesTab() {
  const { sports } = useSnapshot(contextStore);
  const list = useList<CatalogMarketType>({
    name: 'catalog-market-types',
    key: 'mk',
    getList: inMemoryGetList(async (signal) => (await api(routes.catalogMarketTypes, { signal })).results),
    defaultSort: 'id',
    sortFields: ['id', 'name', 'sport_id'],
  });
  const fields: FieldSpec[] = [
    { name: 'id', label: 'Id', kind: 'number', createOnly: true },
    { name: 'sport_id', label: 'Sport', kind: 'select', options: sports.map((s) => ({ label: s.name, value: s.id })) },
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'outcomes', label: 'Outcome keys', kind: 'text', hint: 'Comma separated, e.g. home, draw, away' },
    { name: 'evaluator', label: 'Evaluator', kind: 'select', options: [{ label: 'None', value: NONE }, ...EVALUATORS.map((e) => ({ label: e, value: e }))] },
  ];
  const columns: TableColumn<CatalogMarketType>[] = [
    { field: 'id', header: 'Id', sortable: true },
    { field: 'name', header: 'Name', sortable: true },
    { field: 'sport_id', header: 'Sport', sortable: true, body: (t) => sports.find((s) => s.id === t.sport_id)?.name ?? String(t.sport_id) },
    { field: 'outcomes', header: 'Outcome keys', body: (t) => t.outcomes.join(', ') },
    { field: 'evaluator', header: 'Evaluator', body: (t) => t.evaluator ?? '' },
  ];
  return (
    <CatalogTab<CatalogMarketType>
      what="Market type"
      label="Market types"
      entity="market_type"
      list={list}
      columns={columns}
      fields={fields}
      blank={{ id: '', sport_id: 1, name: '', outcomes: '', evaluator: NONE }}
      toValues={values}
      nameOf={(t) => t.name}
      check={(v) => (v.id === undefined || Number(v.id) > 0 ? null : 'Give the new market type an id (a whole number).')}
      send={(v, type, version) => {
        const body = {
          sport_id: Number(v.sport_id),
          name: String(v.name ?? ''),
          outcomes: keys(v.outcomes),
          evaluator: v.evaluator === NONE ? null : (v.evaluator as MarketEvaluator),
        };
        return type
          ? api(routes.marketTypeEdit, { params: { typeId: type.id }, body: { ...body, ...(version && { version }) }, ...FORM_SHOWN })
          : api(routes.marketTypeCreate, { body: { ...body, id: Number(v.id) }, ...FORM_SHOWN });
      }}
    />
  );
}
