import { describe, expect, it } from 'vitest';
import { fieldLabel, operatorMessage } from './errorText';

describe('schema errors in the operator words', () => {
  it.each([
    ['thresholds.home.value must be <= 1000000', 'home value must be at most 1000.00'],
    ['thresholds.draw.from must be >= 1000', 'draw from must be at least 1.00'],
    ['body/thresholds/away/max must be <= 1000000', 'away max must be at most 1000.00'],
    ['limit must be <= 1000', 'limit must be at most 1000'],
    ['meta.max_threshold must be >= 0', 'max threshold must be at least 0'],
    ['timed.before must be >= 1', 'timed before must be at least 1'],
    ['name must NOT have more than 200 characters', 'name must have at most 200 characters'],
    ["body must have required property 'email'", 'email is required'],
    ['events.2.game_time must be <= 200', 'row 3 game time must be at most 200'],
    ['Match 12 not found', 'Match 12 not found'],
    ['A PUSH contact needs a device id, a segment or a list id.', 'A PUSH contact needs a device id, a segment or a list id.'],
  ])('%s → %s', (server, shown) => {
    expect(operatorMessage(server)).toBe(shown);
  });

  it('labels a field by its path without the grouping words', () => {
    expect(fieldLabel('body')).toBe('the value');
  });
});
