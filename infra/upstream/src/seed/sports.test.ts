import { asc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { marketTypes, sports } from '../db/schema';
import { MARKET_TYPES } from '../events/outcomes';
import { demoSports } from './sports';

const database = await openDatabase('memory://');
afterAll(() => database.close());

describe('the sports of SPEC §1', () => {
  it('are in a freshly migrated database, unseeded, exactly as the seed knows them', async () => {
    const rows = await database.db.select().from(sports).orderBy(asc(sports.id));
    expect(rows).toEqual(demoSports.map(({ id, name, periods, scores }) => ({ id, name, periods, scores })));
  });
});

describe('the market types of events/outcomes.ts', () => {
  it('are in a freshly migrated database, unseeded, exactly as the engine settles them', async () => {
    const rows = await database.db.select().from(marketTypes).orderBy(asc(marketTypes.id));
    expect(rows).toEqual(MARKET_TYPES.map(({ id, sportId, name, outcomes, evaluator }) => ({ id, version: 1, sportId, name, outcomes, evaluator })));
  });
});
