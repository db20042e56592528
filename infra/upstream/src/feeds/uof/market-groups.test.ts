import { describe, expect, it } from 'vitest';
import { groupsFromDescriptions, stopsMarket } from './market-groups';

describe("a bet_stop's market groups", () => {
  it("takes the vendor's descriptions, and the built-in table for a market they do not name (yet)", () => {
    const described = new Map<number, string[]>([[999, ['all', 'corners']]]);
    const groupsOf = groupsFromDescriptions({ groupsOf: (id) => described.get(id) ?? [] });
    expect(groupsOf(999)).toEqual(['all', 'corners']);
    expect(groupsOf(60)).toEqual(['all', 'score', '1st_half']);
    expect(groupsOf(12345)).toBeNull();
    expect(stopsMarket(['corners'], 999, groupsOf)).toBe(true);
    expect(stopsMarket(['1st_half'], 999, groupsOf)).toBe(false);
    // Unknown everywhere: stopped by any bet_stop (one market too many is safe, one left open is not).
    expect(stopsMarket(['1st_half'], 12345, groupsOf)).toBe(true);
  });
});
