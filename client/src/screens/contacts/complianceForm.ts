import { NO_COMPLIANCE, type ChannelCode, type Consent, type ContactCompliance } from '@odds/protocol';

/**
 * The compliance part of the contact form (docs/compliance.md "Who a contact is"): texts as typed,
 * and the consent for the contact's channel. Consents of other channels are kept as they were.
 */
export interface ComplianceFormValues {
  customer_ref: string;
  jurisdiction: string;
  time_zone: string;
  quiet_start: string;
  quiet_end: string;
  /** The consent for the contact's channel: '' none recorded. */
  consent: '' | Consent['status'];
  consents: Consent[];
}

export const CONSENT_OPTIONS = [
  { value: '', label: 'None recorded' },
  { value: 'GIVEN', label: 'Given' },
  { value: 'WITHDRAWN', label: 'Withdrawn' },
];

export function complianceToForm(compliance: ContactCompliance = NO_COMPLIANCE, channel: ChannelCode | undefined): ComplianceFormValues {
  return {
    customer_ref: compliance.customer_ref ?? '',
    jurisdiction: compliance.jurisdiction ?? '',
    time_zone: compliance.time_zone ?? '',
    quiet_start: compliance.quiet_hours?.start ?? '',
    quiet_end: compliance.quiet_hours?.end ?? '',
    consent: compliance.consents.find((c) => c.channel === channel)?.status ?? '',
    consents: compliance.consents,
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** What the form saves: a changed consent is recorded now, from the console. */
export function formToCompliance(values: ComplianceFormValues, channel: ChannelCode | undefined, now = new Date()): ContactCompliance {
  const others = values.consents.filter((c) => c.channel !== channel);
  const before = values.consents.find((c) => c.channel === channel);
  const mine: Consent[] =
    channel && values.consent
      ? [before?.status === values.consent ? before : { channel, status: values.consent, at: now.toISOString(), source: 'console' }]
      : [];
  const start = orNull(values.quiet_start);
  const end = orNull(values.quiet_end);
  return {
    customer_ref: orNull(values.customer_ref),
    jurisdiction: orNull(values.jurisdiction)?.toUpperCase() ?? null,
    time_zone: orNull(values.time_zone),
    quiet_hours: start && end ? { start, end } : null,
    consents: [...others, ...mine],
  };
}
