/**
 * `npm run uof:generate`: writes the four demo matches of infra/feeds/ as UOF recordings
 * (infra/feeds/uof/*.uof.jsonl) with the same prices and events, for `npm run uof:replay`.
 * Deterministic: running it again gives the same files.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { FEEDS_DIR, readFeedFile } from '../../upstream/src/feeds/jsonl';
import { uofFromFeed, uofRecordingText } from '../../upstream/src/feeds/uof/generate-uof';

for (const file of readdirSync(FEEDS_DIR)
  .filter((f) => f.endsWith('.jsonl'))
  .sort()) {
  const feed = readFeedFile(new URL(file, FEEDS_DIR));
  const demo = uofFromFeed(feed);
  const text = uofRecordingText(demo);
  const out = new URL(`./${feed.header.name}.uof.jsonl`, import.meta.url);
  writeFileSync(out, text);
  const odds = demo.messages.filter((m) => m.routing_key.includes('.odds_change.')).length;
  console.log(
    `${feed.header.name}.uof.jsonl: ${demo.header.event}, ${demo.messages.length} messages (${odds} odds_change), ${(text.length / 1024).toFixed(0)} KB`,
  );
}
