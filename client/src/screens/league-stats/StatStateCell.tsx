import type { StatOutcome } from '@odds/protocol';

/** The outcome symbols of SPEC §4: positive, negative, neutral, unknown; each with its word, not colour alone. */
const SYMBOLS: Record<StatOutcome, { icon: string; text: string }> = {
  positive: { icon: 'pi pi-check-circle', text: 'positive' },
  negative: { icon: 'pi pi-times-circle', text: 'negative' },
  neutral: { icon: 'pi pi-minus-circle', text: 'neutral' },
  unknown: { icon: 'pi pi-question-circle', text: 'unknown' },
};

export function StatStateCell({ state }: { state: StatOutcome }) {
  const symbol = SYMBOLS[state] ?? SYMBOLS.unknown;
  return (
    <span className={`stat-state stat-state-${state}`}>
      <i className={symbol.icon} aria-hidden="true" /> {symbol.text}
    </span>
  );
}
