import type { StatOutcome } from '@odds/protocol';

export type Outcome = StatOutcome;

/** Stat outcome symbols (SPEC §4): how an event counts, kept among the event's tags. */
export const OUTCOMES: readonly { value: Outcome; symbol: string; label: string }[] = [
  { value: 'positive', symbol: '+', label: 'Positive' },
  { value: 'negative', symbol: '−', label: 'Negative' },
  { value: 'neutral', symbol: '=', label: 'Neutral' },
  { value: 'unknown', symbol: '?', label: 'Unknown' },
];

const VALUES = new Set<string>(OUTCOMES.map((o) => o.value));

export const outcomeOf = (tags: readonly string[]): Outcome => (tags.find((t) => VALUES.has(t)) as Outcome | undefined) ?? 'unknown';

/** The tags with the outcome replaced; 'unknown' is the absence of one. */
export const withOutcome = (tags: readonly string[], outcome: Outcome): string[] => [
  ...tags.filter((t) => !VALUES.has(t)),
  ...(outcome === 'unknown' ? [] : [outcome]),
];

export const outcomeSymbol = (outcome: Outcome) => OUTCOMES.find((o) => o.value === outcome)!;
