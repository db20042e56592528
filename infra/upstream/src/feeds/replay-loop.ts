import type { UpstreamClient } from './client';
import type { RecordedFeed } from './jsonl';
import { replayFeed, type ReplayProgress } from './replay';
import { resumePoint } from './resume';

export interface ReplayLoopOptions {
  client: UpstreamClient;
  matchId: number;
  feed: RecordedFeed;
  speed: number;
  signal: AbortSignal;
  batchSize?: number;
  onProgress?: (progress: ReplayProgress) => void;
  /** One line per pass start, resume, end or failure. */
  log: (line: string) => void;
  /** Wait after a failed call before trying again (ms); 5 s unless given. */
  retryMs?: number;
}

/**
 * Replays a recording for ever (the demo's live match): each pass clears the match's feed and
 * dates itself from its start. A failed call (the upstream restarting, its database away) does not
 * start the pass over: after a pause the loop reads where the pass was (resume.ts) and carries on
 * from there, in step with the clock; so does a replay process started again mid-pass.
 */
export async function replayLoop(options: ReplayLoopOptions): Promise<void> {
  const { client, matchId, feed, speed, signal, log } = options;
  // After a pass that ran to its end the next one starts afresh without asking.
  let fresh = false;
  for (let pass = 1; !signal.aborted; ) {
    try {
      const resume = fresh ? null : await resumePoint(client, matchId, feed, speed);
      fresh = false;
      if (resume) {
        log(`pass ${pass}: resuming at message ${resume.from + 1} of ${feed.messages.length}`);
      } else {
        const { deleted } = await client.reset(matchId);
        log(`pass ${pass}: cleared match ${matchId}'s feed (${deleted} rows)`);
      }
      const done = await replayFeed({
        client,
        matchId,
        feed,
        speed,
        signal,
        ...(options.onProgress && { onProgress: options.onProgress }),
        onRetry: (error, waitMs) => log(`pass ${pass}: ${error.message}; sending again in ${(waitMs / 1000).toFixed(1)} s`),
        batchSize: options.batchSize ?? 200,
        ...(resume && { baseMs: resume.baseMs, resume: { from: resume.from, startedAtMs: resume.baseMs } }),
      });
      if (signal.aborted) break;
      log(`pass ${pass} done: ${done.sent}/${done.total} messages`);
      fresh = true;
      pass += 1;
    } catch (error) {
      if (signal.aborted) break;
      log(`pass ${pass}: a call failed (${(error as Error).message}); carrying on where it was in ${((options.retryMs ?? 5000) / 1000).toFixed(1)} s`);
      await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? 5000));
    }
  }
}
