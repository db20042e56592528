import type { FastifyBaseLogger } from 'fastify';
import { CheckFailed } from '../../access-checks';

/** How long a call to the upstream is asked again, by what its failure says. */
export interface Patience {
  /** Longest wait whatever the failure: the asker's own (a socket.io handshake is given up by the client after 20 s). Unbounded when not given. */
  atMostMs?: number;
  /** Longest wait while the upstream answers at fault (a 500, a batch of the wrong size): asking again will not help, unlike busy or silent. */
  faultMs: number;
}

export interface WhileUp {
  /** This relay's health probe says the upstream does not answer. */
  down: () => boolean;
  /** The asker is still there (its socket open). */
  wanted: () => boolean;
  patience: Patience;
  log: FastifyBaseLogger;
}

/**
 * A call to the upstream (a token or access check), asked again (250 ms, doubling to 2 s) while it
 * fails and the upstream is not down by this relay's probe: a busy upstream (a storm of consoles
 * opening, matches loading) is not a down one, however long it takes. A timeout, a refused or reset
 * connection and a busy answer (429, 502–504) are asked again until the probe says down or the
 * asker left; an answer at fault only for `faultMs`; anything for at most `atMostMs`. The last
 * failure is thrown when it stops.
 */
export async function askWhileUp<T>(ask: () => Promise<T>, { down, wanted, patience, log }: WhileUp): Promise<T> {
  const started = Date.now();
  for (let delay = 250; ; delay = Math.min(delay * 2, 2_000)) {
    try {
      return await ask();
    } catch (error) {
      const waited = Date.now() - started + delay;
      const fault = error instanceof CheckFailed && !error.busy;
      if (down() || !wanted() || waited > (patience.atMostMs ?? Number.POSITIVE_INFINITY) || (fault && waited > patience.faultMs)) throw error;
      log.debug({ err: error }, 'a check failed while the upstream is not down; asking again');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
