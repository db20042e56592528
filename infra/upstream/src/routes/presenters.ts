import { eq } from 'drizzle-orm';
import type { AuditEntity } from '@odds/protocol';
import { toMarket } from '../catalog/markets';
import { marketWithType } from '../db/market-with-type';
import { listProviders } from '../catalog/providers';
import { getLeague, toSeason } from '../catalog/leagues';
import { getMatch } from '../catalog/matches';
import { listCatalogMarketTypes } from '../catalog/edit/market-types';
import { getTeam } from '../catalog/teams';
import type { Present } from '../coedit/plugin';
import { getContact } from '../contacts/contacts';
import { getTracker } from '../contacts/trackers';
import { getGroup } from '../content/groups';
import { getContentItem } from '../content/items';
import { getMatchContent } from '../content/match-content';
import type { Db } from '../db/client';
import { seasons, statEvents } from '../db/schema';
import { toStatEvent } from '../events/stat-events';
import { getMatchSet } from '../thresholds/match-sets';

/**
 * How a 409 shows each versioned entity: as its own route shows it (the stored row for the
 * others). One table for the app (coedit/plugin.ts), so a 409 body does not depend on which
 * route modules were registered.
 */
export const presenters: Partial<Record<AuditEntity, Present>> = {
  threshold_set: getMatchSet,
  match_content: getMatchContent,
  stat_event: async (tx, id) => {
    const [row] = await tx.select().from(statEvents).where(eq(statEvents.id, id));
    return row ? toStatEvent(row) : null;
  },
  tracker: (tx, id) => getTracker(tx as Db, id),
  contact: getContact,
  content_item: getContentItem,
  content_group: (tx, id) => getGroup(tx, id),
  // The market as the API shows it (meta, type, version), not the stored row.
  market: async (tx, id) => {
    const row = await marketWithType(tx, id);
    return row ? toMarket(row.market, row.type) : null;
  },
  team: getTeam,
  provider: async (tx, id) => (await listProviders(tx as Db, false, id))[0] ?? null,
  league: async (tx, id) => (await getLeague(tx as Db, id))?.league ?? null,
  season: async (tx, id) => {
    const [row] = await tx.select().from(seasons).where(eq(seasons.id, id));
    return row ? toSeason(row) : null;
  },
  match: getMatch,
  market_type: async (tx, id) => (await listCatalogMarketTypes(tx as Db)).find((type) => type.id === id) ?? null,
};
