import {
  CHANNELS,
  CONTACT_DEFAULTS,
  DEVICE_CHANNEL_CODES,
  type Contact,
  type ContactInput,
  type ContactLimiter,
  type NamedRef,
  type Provider,
} from '@odds/protocol';
import { complianceToForm, formToCompliance, type ComplianceFormValues } from './complianceForm';

/** A destination field of a contact, by the channel that uses it (SPEC §2 Contacts form). */
export type DestinationField = 'email' | 'twitter' | 'device_id' | 'segment' | 'list_id';

/** The limiter caps of a whole match; per-period caps are `market_push_p{N}` and `period_push_p{N}`. */
export type LimiterKey = keyof ContactLimiter;

/**
 * The contact form's values. Text and number fields are strings as typed ('' for empty), so a null
 * field shows as empty (SPEC §3) and is sent back as null.
 */
export interface ContactFormValues {
  name: string;
  channel_id: number;
  sport_id: number;
  email: string;
  twitter: string;
  device_id: string;
  segment: string;
  list_id: string;
  raw_filter: string;
  languages: string[];
  active: boolean;
  sub_all: boolean;
  rate_limited: boolean;
  rate_limit_minutes: string;
  limiter: Partial<Record<LimiterKey, string>>;
  leagues: NamedRef[];
  teams: NamedRef[];
  /** Not edited by the form; kept so an update does not wipe it. */
  mobile: string | null;
  compliance: ComplianceFormValues;
}

export const channelCode = (channelId: number) => CHANNELS.find((channel) => channel.id === channelId)?.code;

/** Which destination fields a channel shows: email for EMAIL, twitter for TWITTER, device id, segment and list id for PUSH, WHATSAPP and TELEGRAM. */
export function destinationFields(channelId: number): DestinationField[] {
  const code = channelCode(channelId);
  if (code === 'EMAIL') return ['email'];
  if (code === 'TWITTER') return ['twitter'];
  if (code && (DEVICE_CHANNEL_CODES as readonly string[]).includes(code)) return ['device_id', 'segment', 'list_id'];
  return [];
}

/** The periods a contact of this sport can be capped per: 1 to the sport's number of periods (SPEC §9). */
export function limiterPeriods(
  provider: { readonly sports: readonly Pick<Provider['sports'][number], 'id' | 'periods'>[] } | undefined,
  sportId: number,
): number[] {
  const periods = provider?.sports.find((sport) => sport.id === sportId)?.periods ?? 0;
  return Array.from({ length: Math.min(Math.max(periods, 0), 4) }, (_, i) => i + 1);
}

/** The limiter keys the form shows for these periods, match-wide caps first. */
function limiterKeys(periods: number[]): LimiterKey[] {
  return ['max_market_match_push', 'max_match_push', ...periods.flatMap((n) => [`market_push_p${n}`, `period_push_p${n}`] as LimiterKey[])];
}

export function emptyContactForm(sportId: number = CONTACT_DEFAULTS.sport_id): ContactFormValues {
  return {
    name: '',
    channel_id: CONTACT_DEFAULTS.channel_id,
    sport_id: sportId,
    email: '',
    twitter: '',
    device_id: '',
    segment: '',
    list_id: '',
    raw_filter: '',
    languages: [...CONTACT_DEFAULTS.languages],
    active: CONTACT_DEFAULTS.active,
    sub_all: CONTACT_DEFAULTS.sub_all,
    rate_limited: CONTACT_DEFAULTS.rate_limited,
    rate_limit_minutes: '',
    limiter: {},
    leagues: [],
    teams: [],
    mobile: null,
    compliance: complianceToForm(undefined, channelCode(CONTACT_DEFAULTS.channel_id)),
  };
}

const text = (value: string | null | undefined) => value ?? '';
const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** A saved contact as the form shows it: null fields empty, languages as saved. */
export function contactToForm(contact: Contact): ContactFormValues {
  const limiter: ContactFormValues['limiter'] = {};
  for (const [key, value] of Object.entries(contact.limiter)) limiter[key as LimiterKey] = numberText(value);
  return {
    name: contact.name,
    channel_id: contact.channel_id,
    sport_id: contact.sport_id,
    email: text(contact.email),
    twitter: text(contact.twitter),
    device_id: text(contact.device_id),
    segment: text(contact.segment),
    list_id: text(contact.list_id),
    raw_filter: text(contact.raw_filter),
    languages: [...contact.languages],
    active: contact.active,
    sub_all: contact.sub_all,
    rate_limited: contact.rate_limited,
    rate_limit_minutes: numberText(contact.rate_limit_minutes),
    limiter,
    leagues: contact.leagues.map(({ id, name }) => ({ id, name })),
    teams: contact.teams.map(({ id, name }) => ({ id, name })),
    mobile: contact.mobile,
    compliance: complianceToForm(contact.compliance, channelCode(contact.channel_id)),
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const toNumber = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : Number(value));

/**
 * The whole contact record to save. Destinations the channel does not show are sent as null, and
 * per-period caps only for the sport's periods, so a hidden value cannot be saved by accident.
 */
export function formToContactInput(values: ContactFormValues, periods: number[]): ContactInput {
  const shown = new Set(destinationFields(values.channel_id));
  const destination = (field: DestinationField) => (shown.has(field) ? orNull(values[field]) : null);
  const limiter: ContactLimiter = {};
  for (const key of limiterKeys(periods)) limiter[key] = toNumber(values.limiter[key]);
  return {
    name: values.name.trim(),
    channel_id: values.channel_id,
    sport_id: values.sport_id,
    active: values.active,
    sub_all: values.sub_all,
    rate_limited: values.rate_limited,
    email: destination('email'),
    twitter: destination('twitter'),
    device_id: destination('device_id'),
    segment: destination('segment'),
    list_id: destination('list_id'),
    mobile: values.mobile,
    raw_filter: orNull(values.raw_filter),
    rate_limit_minutes: toNumber(values.rate_limit_minutes),
    limiter,
    languages: values.languages,
    leagues: values.leagues.map((league) => league.id),
    teams: values.teams.map((team) => team.id),
    compliance: formToCompliance(values.compliance, channelCode(values.channel_id)),
  };
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/**
 * A contact as the conflict dialog compares it (theirs beside mine): the record the form would save,
 * with channel, sport, leagues and teams by name and switches as yes / no.
 */
export function contactConflictView(values: ContactFormValues, periods: number[], sportName: (id: number) => string | undefined) {
  const input = formToContactInput(values, periods);
  return {
    ...input,
    channel_id: CHANNELS.find((channel) => channel.id === input.channel_id)?.name ?? input.channel_id,
    sport_id: sportName(input.sport_id) ?? input.sport_id,
    active: yesNo(input.active),
    sub_all: yesNo(input.sub_all),
    rate_limited: yesNo(input.rate_limited),
    languages: input.languages.join(', '),
    leagues: values.leagues.map((league) => league.name).join(', '),
    teams: values.teams.map((team) => team.name).join(', '),
    compliance: [
      input.compliance?.customer_ref,
      input.compliance?.jurisdiction,
      input.compliance?.time_zone,
      ...(input.compliance?.consents ?? []).map((c) => `${c.channel} ${c.status}`),
    ]
      .filter(Boolean)
      .join(', '),
  };
}

/** A contact field in the dialog: as fieldLabel says it, but ids that are destinations keep "id" ('device id', not 'device'). */
export const contactFieldLabel = (field: string, plain: (field: string) => string) =>
  field === 'device_id' || field === 'list_id' ? field.replace('_', ' ') : plain(field);
