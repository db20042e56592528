import type { MinuteValue } from './MinuteEntry';
import type { Outcome } from './outcome';

/** One row of the stat events form: a saved event as loaded, or a new one. */
export interface EventRow extends MinuteValue {
  key: string;
  id?: number;
  /** The version of the saved event the row was loaded from: its save names it. */
  version?: number;
  /** The row's input as loaded: a saved row is sent only when it differs from it. */
  loaded?: string;
  type: number | null;
  team: number | null;
  outcome: Outcome;
  tags: string[];
}

/** How the form names an event's type and team (the conflict dialog, the deleted-row notice). */
export interface EventNames {
  typeName(id: number): string;
  teamName(id: number | null): string;
}
