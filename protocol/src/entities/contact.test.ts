import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { CONTACT_DEFAULTS, ContactInput } from './contact';

const contact = {
  ...CONTACT_DEFAULTS,
  languages: [...CONTACT_DEFAULTS.languages],
  name: 'Push all',
  email: null,
  twitter: null,
  device_id: 'abc',
  segment: null,
  list_id: null,
  mobile: null,
  raw_filter: null,
  rate_limit_minutes: null,
  limiter: { max_match_push: 3, period_push_p2: 1 },
  leagues: [],
  teams: [7],
};

describe('ContactInput', () => {
  it('accepts a contact built on the defaults', () => {
    expect(Value.Check(ContactInput, contact)).toBe(true);
  });
  it('rejects a bad email, an unknown channel and a negative cap', () => {
    expect(Value.Check(ContactInput, { ...contact, email: 'not an email' })).toBe(false);
    expect(Value.Check(ContactInput, { ...contact, channel_id: 42 })).toBe(false);
    expect(Value.Check(ContactInput, { ...contact, limiter: { max_match_push: -1 } })).toBe(false);
  });
  it('needs a name and at least one language', () => {
    expect(Value.Check(ContactInput, { ...contact, name: '' })).toBe(false);
    expect(Value.Check(ContactInput, { ...contact, languages: [] })).toBe(false);
  });
});
