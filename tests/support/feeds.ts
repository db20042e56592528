import type { IngestReply } from '@odds/protocol';
import { FEEDS_DIR, readFeedFile, toMessage } from '@odds/upstream/testing';

/**
 * Posts messages `from`..`to` of a shipped recorded feed (infra/feeds/{name}.jsonl) to the
 * upstream's ingest route for a match, as a feed would, dated now. Throws with the upstream's
 * answer when it is not a 200.
 */
export async function ingestRecorded(upstreamUrl: string, token: string, matchId: number, feedName: string, from = 0, to?: number): Promise<IngestReply> {
  const feed = readFeedFile(new URL(`${feedName}.jsonl`, FEEDS_DIR));
  const messages = feed.messages.slice(from, to).map((m) => toMessage(m, Date.now()));
  const response = await fetch(`${upstreamUrl}/api/1/engine/match/${matchId}/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
    body: JSON.stringify({ messages }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`ingest of ${feedName} into match ${matchId}: ${response.status} ${text}`);
  return JSON.parse(text) as IngestReply;
}
