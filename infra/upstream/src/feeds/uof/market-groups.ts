/**
 * The market groups a `bet_stop` names (`groups="all|1st_half"`), per UOF market id, as UOF's market
 * descriptions (`/v1/descriptions/{lang}/markets.xml`, attribute `groups`) give them for the markets
 * the shipped mapping covers. A bet_stop suspends the markets in any group it names; `all` (or no
 * groups) is every market. A market whose groups are not known here is suspended by every bet_stop:
 * stopping a market too many is safe, leaving one open is not.
 */
export type GroupsOf = (uofMarketId: number) => readonly string[] | null;

const FOOTBALL_GROUPS: Record<number, readonly string[]> = {
  1: ['all', 'score', 'regular_play'],
  11: ['all', 'score', 'regular_play'],
  14: ['all', 'score', 'regular_play'],
  18: ['all', 'score', 'regular_play'],
  29: ['all', 'score', 'regular_play'],
  60: ['all', 'score', '1st_half'],
};

export const defaultGroupsOf: GroupsOf = (id) => FOOTBALL_GROUPS[id] ?? null;

/** Whether a bet_stop naming `groups` stops a market of `uofMarketId`. */
export function stopsMarket(groups: readonly string[], uofMarketId: number, groupsOf: GroupsOf): boolean {
  if (!groups.length || groups.includes('all')) return true;
  const own = groupsOf(uofMarketId);
  return own === null || own.some((g) => groups.includes(g));
}

/**
 * The groups as the vendor's market descriptions give them (market-descriptions.ts, read in the
 * background), this table's for a market they do not name yet (before the first read, or one the
 * vendor lacks), so a bet_stop never leaves a market open for want of a description.
 */
export function groupsFromDescriptions(descriptions: { groupsOf(marketId: number): readonly string[] }): GroupsOf {
  return (id) => {
    const described = descriptions.groupsOf(id);
    return described.length ? described : defaultGroupsOf(id);
  };
}
