import type { Tracker } from '@odds/protocol';

export const MODEL_TYPES = [
  { value: 'M', label: 'Match' },
  { value: 'L', label: 'League' },
] as const;
export const MATCH_STATES = [
  { value: 'P', label: 'Prematch' },
  { value: 'I', label: 'Inplay' },
] as const;
export const THRESHOLD_TYPES = ['VALUE', 'RELATIVE', 'RANGE'] as const;

export const modelTypeLabel = (type: Tracker['model_type']) => MODEL_TYPES.find((m) => m.value === type)?.label ?? type;
export const thresholdTypes = (spec: Tracker['spec']) => (Array.isArray(spec.thresholds_type) ? spec.thresholds_type : [spec.thresholds_type]);
export const matchStateLabel = (states: readonly string[]) => states.map((s) => MATCH_STATES.find((m) => m.value === s)?.label ?? s).join(', ') || 'None';
/** Minimum score as the integer percentage it is (SPEC §5). */
export const minScoreLabel = (spec: Tracker['spec']) => `${spec.limiter.min_score}%`;

export const MIN_SCORE_ERROR = 'Minimum score must be a whole percentage from 0 to 100, such as 40.';

/** The minimum score typed in the tracker form (SPEC §5: an integer percentage; a trailing % is fine), or null. */
export function parseMinScore(text: string): number | null {
  const match = /^(\d{1,3})\s*%?$/.exec(text.trim());
  const value = match ? Number(match[1]) : NaN;
  return Number.isInteger(value) && value >= 0 && value <= 100 ? value : null;
}

export const inputOf = (tracker: Tracker) => ({
  contact_id: tracker.contact_id,
  language: tracker.language,
  model_type: tracker.model_type,
  model_id: tracker.model_id,
  active: tracker.active,
  spec: tracker.spec,
});

/** A tracker as the conflict dialog compares it (theirs beside mine), in the form's words. */
export const trackerConflictView = (tracker: Tracker) => ({
  contact: tracker.contact.name || tracker.contact_id,
  language: tracker.language,
  follows: `${modelTypeLabel(tracker.model_type)} ${tracker.model_id}`,
  threshold_types: thresholdTypes(tracker.spec).join(', '),
  minimum_score: minScoreLabel(tracker.spec),
  match_states: matchStateLabel(tracker.spec.match_state),
  active: tracker.active ? 'yes' : 'no',
});
