import { NO_COMPLIANCE, type ContactCompliance } from '@odds/protocol';
import type { contacts } from '../../db/schema';
import { knownTimeZone } from './local-time';
import { Errors } from '../../errors';

type Row = Pick<typeof contacts.$inferSelect, 'customerRef' | 'jurisdiction' | 'timeZone' | 'quietHours' | 'consents'>;

/** A contact's compliance fields as the contract gives them (docs/compliance.md). */
export function complianceOf(row: Row): ContactCompliance {
  return {
    customer_ref: row.customerRef,
    jurisdiction: row.jurisdiction,
    time_zone: row.timeZone,
    quiet_hours: row.quietHours ?? null,
    consents: row.consents ?? [],
  };
}

/**
 * A contact form's compliance fields as columns: the time zone must be one the server knows, and a
 * channel has one consent at most. Absent: nothing to change.
 */
export function complianceValues(input: ContactCompliance | undefined): Partial<Row> {
  if (!input) return {};
  const given = { ...NO_COMPLIANCE, ...input };
  const zone = given.time_zone?.trim() || null;
  if (zone && !knownTimeZone(zone)) throw new Errors.BadRequest(`'${zone}' is not an IANA time zone this server knows (e.g. Europe/London, America/Toronto).`);
  const channels = given.consents.map((c) => c.channel);
  const twice = channels.find((c, i) => channels.indexOf(c) !== i);
  if (twice) throw new Errors.BadRequest(`A contact has one marketing consent per channel; ${twice} is given twice.`);
  return {
    customerRef: given.customer_ref?.trim() || null,
    jurisdiction: given.jurisdiction,
    timeZone: zone,
    quietHours: given.quiet_hours,
    consents: given.consents.map((c) => ({ ...c, source: c.source.trim() })),
  };
}
