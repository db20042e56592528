import type { JurisdictionRule } from '@odds/protocol';
import { Button } from 'primereact/button';

/** The jurisdiction rules as a table (Loading... until read), each with Edit and Remove. */
export function JurisdictionRulesTable({
  rules,
  onEdit,
  onRemove,
}: {
  rules: readonly JurisdictionRule[] | null;
  onEdit: (rule: JurisdictionRule) => void;
  onRemove: (rule: JurisdictionRule) => void;
}) {
  return (
    <table className="compliance-table">
      <thead>
        <tr>
          <th>Jurisdiction</th>
          <th>Forbidden content</th>
          <th>Quiet hours</th>
          <th>Daily cap</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {(rules ?? []).map((rule) => (
          <tr key={rule.id}>
            <td>{rule.jurisdiction}</td>
            <td>{rule.forbidden_flags.join(', ') || '—'}</td>
            <td>{rule.quiet_hours ? `${rule.quiet_hours.start}–${rule.quiet_hours.end}` : '—'}</td>
            <td>{rule.daily_cap ?? '—'}</td>
            <td>
              <Button label="Edit" size="small" text onClick={() => onEdit(rule)} aria-label={`Edit ${rule.jurisdiction}`} />
              <Button label="Remove" size="small" text severity="danger" onClick={() => onRemove(rule)} aria-label={`Remove ${rule.jurisdiction}`} />
            </td>
          </tr>
        ))}
        {rules === null && (
          <tr>
            <td colSpan={5}>Loading...</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
