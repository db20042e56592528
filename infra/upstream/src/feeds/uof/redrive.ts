import type { UofAdapter } from './adapter';
import type { Logger } from './logger';
import { pendingRedrives, redriveDone } from './dead-letters';
import { isTransient } from './transient';

/**
 * Drives the dead letters operators asked for (Feed health's Re-drive) through the adapter again,
 * oldest first, and records what came of each: handled, or dead-lettered again (a new dead
 * letter with the reason). A failure of the moment stops the round: tried again on the next.
 */
export async function redrive(adapter: UofAdapter, log: Logger): Promise<void> {
  for (const letter of await pendingRedrives(adapter.db)) {
    const before = adapter.counts.malformed + adapter.counts.rejected;
    let outcome = 'handled';
    try {
      await adapter.handleMany([{ routingKey: letter.routingKey, body: letter.body }]);
      if (adapter.counts.malformed + adapter.counts.rejected > before) outcome = 'dead-lettered again (see the newest dead letter)';
    } catch (error) {
      adapter.abandon();
      if (isTransient(error)) throw error;
      outcome = `failed again: ${(error as Error).message}`;
      await adapter.deadLetterRaw({
        kind: 'uof_failed',
        reason: `re-drive of ${letter.id} ${outcome}`,
        routingKey: letter.routingKey,
        matchId: null,
        body: letter.body,
        keep: true,
      });
    }
    await redriveDone(adapter.db, letter.id, outcome);
    log.info({ deadLetter: letter.id, outcome }, 'UOF dead letter re-driven');
  }
}
