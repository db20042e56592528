import { describe, expect, it } from 'vitest';
import { sportsOf } from './context';

const sports = [
  { id: 1, name: 'Football' },
  { id: 2, name: 'Ice hockey' },
  { id: 3, name: 'Tennis' },
];
const carrying = (id: number, ...sportIds: number[]) => ({ id, sports: sportIds.map((sportId) => ({ id: sportId })) });

describe('sportsOf', () => {
  it('offers only the sports the chosen provider carries, in the sports list order', () => {
    const providers = [carrying(1, 1), carrying(2, 3, 2)];
    expect(sportsOf(providers, sports, 1).map((s) => s.name)).toEqual(['Football']);
    expect(sportsOf(providers, sports, 2).map((s) => s.name)).toEqual(['Ice hockey', 'Tennis']);
  });

  it('offers every sport while the provider is unknown or lists none', () => {
    expect(sportsOf([carrying(1)], sports, 1)).toHaveLength(3);
    expect(sportsOf([], sports, 7)).toHaveLength(3);
  });
});
