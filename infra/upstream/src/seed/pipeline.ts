import type { Tx } from '../db/client';

/** A demo-data step: runs once, on an empty database, inside the seeding transaction. */
export type Seeder = (tx: Tx, now: Date) => Promise<void>;

/**
 * The demo-data steps after the core (sports, providers, World Cup leagues, teams, matches), in
 * order: each may rely on what the steps before it wrote.
 *   1. markets, market types, rule sets, event types, stat events (goal minutes)
 *   2. content categories, content items and groups, match content
 *   3. contacts, segments, lists, trackers, saved and match thresholds
 *   4. engine demo (offers, deliveries)
 */
export const demoSeeders: Seeder[] = [];
