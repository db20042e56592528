import type { ConflictReply } from '@odds/protocol';
import { useCallback, useState } from 'react';
import { ApiError } from '../../api/errors';

/** The 409 CONFLICT body of a failed write (someone else changed the record since it was read), or null. */
export function conflictOf(error: unknown): ConflictReply | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const reply = error.reply as unknown as ConflictReply | undefined;
  return reply && 'current' in reply && reply.current ? reply : null;
}

/** What the operator chose: reload their record, re-send mine against their version, or neither (closed). */
export type ConflictChoice = 'theirs' | 'mine' | null;

export interface ConflictState {
  reply: ConflictReply;
  /** What I tried to write. */
  mine: unknown;
  /** What my form started from, when known (a three-way merge): the dialog lists only the fields both sides changed. */
  started?: unknown;
  choose(choice: ConflictChoice): void;
}

/**
 * Asks the operator about one conflict at a time: `await ask(reply, mine)` opens the dialog and
 * resolves with the choice; render `<ConflictDialog state={state} />` where the form is.
 */
export function useConflict() {
  const [state, setState] = useState<ConflictState | null>(null);
  const ask = useCallback(
    (reply: ConflictReply, mine: unknown, started?: unknown) =>
      new Promise<ConflictChoice>((resolve) =>
        setState({
          reply,
          mine,
          ...(started === undefined ? {} : { started }),
          choose: (choice) => {
            setState(null);
            resolve(choice);
          },
        }),
      ),
    [],
  );
  return { state, ask };
}
