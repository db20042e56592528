import type { ThresholdType } from '@odds/protocol';
import type { ContactInfo, MatchStatic } from './match-state';
import type { ThresholdSetSpec } from './thresholds/evaluate';

export interface Recipient {
  contact: ContactInfo;
  /** Languages to deliver in, in the contact's order of preference. */
  languages: string[];
}

export interface FiringView {
  set: Pick<ThresholdSetSpec, 'contactId' | 'type'>;
  /** Odds (thousandths) of the outcomes that fired. */
  firedOdds: number[];
  prematch: boolean;
}

/** The whole-number implied probability of odds in thousandths: 2500 → 40. */
export const impliedPercent = (odds: number) => Math.floor(100_000 / odds);

const typesOf = (value: ThresholdType | ThresholdType[]) => (Array.isArray(value) ? value : [value]);

/**
 * Who receives a firing. A set that names a contact goes to that contact only (if active). Any
 * other set goes to the match's audience: contacts subscribed to all, to the match's league or to
 * one of its teams, in their languages; and contacts with a tracker on the match (M) or its league
 * (L), in the tracker's language, when the tracker asks for this kind of firing:
 * - its thresholds_type includes the set's type;
 * - its match_state includes P for a prematch offer or I for an in-play one (empty: both);
 * - its min_score is at most the implied probability (whole %) of the likeliest fired outcome, so a
 *   tracker with min_score 30 is not sent long shots above 3.33.
 */
export function recipientsFor(statics: MatchStatic, firing: FiringView): Recipient[] {
  if (firing.set.contactId !== null) {
    const contact = statics.contacts.get(firing.set.contactId);
    return contact ? [{ contact, languages: contact.languages }] : [];
  }
  const score = firing.firedOdds.length ? Math.max(...firing.firedOdds.map(impliedPercent)) : 0;
  const state = firing.prematch ? 'P' : 'I';
  const recipients: Recipient[] = [];
  for (const member of statics.audience) {
    const languages = member.subscribed ? [...member.contact.languages] : [];
    for (const tracker of member.trackers) {
      const { spec } = tracker;
      if (!typesOf(spec.thresholds_type).includes(firing.set.type)) continue;
      if (spec.match_state.length > 0 && !spec.match_state.includes(state)) continue;
      if (score < spec.limiter.min_score) continue;
      if (!languages.includes(tracker.language)) languages.push(tracker.language);
    }
    if (languages.length) recipients.push({ contact: member.contact, languages });
  }
  return recipients;
}
