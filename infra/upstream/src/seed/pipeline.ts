import type { Tx } from '../db/client';
import type { SeedOptions } from './options';

import { seedContacts } from './contacts';
import { seedContent } from './content';
import { seedEngineDemo } from './engine-demo';
import { seedStatEvents } from './events';
import { seedMarkets } from './markets';

/** What the process seeding allows: simulated figures on the demo's recorded pushes (the embedded demo only). */

/** A demo-data step: runs once, on an empty database, inside the seeding transaction. */
export type Seeder = (tx: Tx, now: Date, options: SeedOptions) => Promise<void>;

/**
 * The demo-data steps after the core (sports, providers, World Cup leagues, teams, matches), in
 * order: each may rely on what the steps before it wrote.
 *   1. markets, market types, rule sets, event types, stat events (goal minutes)
 *   2. content categories, content items and groups, match content
 *   3. contacts, segments, lists, trackers, saved and match thresholds
 *   4. engine demo (offers, deliveries)
 */
export const demoSeeders: Seeder[] = [
  // Step 1: market types, markets, rule sets; event types and every World Cup goal as stat events.
  seedMarkets,
  seedStatEvents,
  // Step 2: content categories, items and groups, match content (reads the markets of step 1).
  seedContent,
  // Step 3: audiences, contacts, trackers, saved and match thresholds (reads the markets of step 1;
  // with no markets it writes no thresholds).
  seedContacts,
  // Step 4, last: past matches played through the live engine (offers, firings, deliveries, suppressions).
  seedEngineDemo,
];
