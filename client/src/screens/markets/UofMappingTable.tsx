import type { MarketType, UofMarketDescription, UofMarketMapping } from '@odds/protocol';
import { Button } from 'primereact/button';

interface Props {
  /** The mapping's rows; null while they are read. */
  rows: UofMarketMapping[] | null;
  types: MarketType[];
  /** The vendor's markets by id; empty when its descriptions are unavailable. */
  vendor: ReadonlyMap<number, UofMarketDescription>;
  onEdit: (m: UofMarketMapping) => void;
  onDelete: (m: UofMarketMapping) => void;
}

/** The UOF mapping's rows: UOF market, name, market type, line specifier, outcomes, and Edit and Delete on each. */
export function UofMappingTable({ rows, types, vendor, onEdit, onDelete }: Props) {
  const typeName = (id: number) => types.find((t) => t.id === id)?.name ?? `type ${id}`;
  /** `12 → over`, with the vendor's name of the outcome when its descriptions have it: `12 (over {total}) → over`. */
  const outcomeText = (m: UofMarketMapping, o: UofMarketMapping['outcomes'][number]) => {
    const market = vendor.get(m.uof_market_id);
    const name = market?.outcomes.find((v) => v.id === o.id)?.name;
    return name ? `${o.id} (${name}) → ${o.key}` : `${o.id} → ${o.key}`;
  };

  return (
    <table className="uof-mapping-table" aria-label="UOF market mapping">
      <thead>
        <tr>
          <th scope="col">UOF market</th>
          <th scope="col">Name</th>
          <th scope="col">Market type</th>
          <th scope="col">Line specifier</th>
          <th scope="col">Outcomes</th>
          <th scope="col">
            <span className="sr-only">Options</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows === null ? (
          <tr>
            <td colSpan={6}>Loading...</td>
          </tr>
        ) : rows.length ? (
          rows.map((m) => (
            <tr key={m.uof_market_id}>
              <td>{m.uof_market_id}</td>
              <td>{m.name}</td>
              <td>{typeName(m.type_id)}</td>
              <td>{m.line_specifier ?? '—'}</td>
              <td>{m.outcomes.map((o) => outcomeText(m, o)).join(', ')}</td>
              <td className="threshold-options">
                <Button icon="pi pi-pencil" text rounded size="small" aria-label={`Edit mapping of UOF market ${m.uof_market_id}`} onClick={() => onEdit(m)} />
                <Button
                  icon="pi pi-trash"
                  text
                  rounded
                  size="small"
                  severity="danger"
                  aria-label={`Delete mapping of UOF market ${m.uof_market_id}`}
                  onClick={() => onDelete(m)}
                />
              </td>
            </tr>
          ))
        ) : (
          <tr>
            <td colSpan={6}>No mappings: every UOF market counts as unknown.</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
