import { describe, expect, it } from 'vitest';
import { contactDestination } from './destination';

const base = { device_id: null, segment: null, list_id: null, email: null, twitter: null };

describe('contact destination', () => {
  it('shows the device id of a push contact, else its segment, else its list id', () => {
    expect(contactDestination({ ...base, channel_id: 1, device_id: 'dev', segment: '5', list_id: '4' })).toBe('dev');
    expect(contactDestination({ ...base, channel_id: 1, segment: '5', list_id: '4' })).toBe('5');
    expect(contactDestination({ ...base, channel_id: 1, list_id: '4' })).toBe('4');
  });

  it('shows the email of channel 2 and the twitter of channel 3', () => {
    expect(contactDestination({ ...base, channel_id: 2, email: 'a@b.example', device_id: 'dev' })).toBe('a@b.example');
    expect(contactDestination({ ...base, channel_id: 3, twitter: 'Odds' })).toBe('Odds');
  });

  it('shows nothing for a channel without a destination (feed)', () => {
    expect(contactDestination({ ...base, channel_id: 4, device_id: 'dev' })).toBe('');
  });
});
