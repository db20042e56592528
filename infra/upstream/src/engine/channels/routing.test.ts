import { describe, expect, it } from 'vitest';
import { decideOffer } from '../decide';
import { RateLimiter } from '../rate-limit';
import { emptyDecisions } from '../records';
import { contact, content, matchState, offer, set, subscribed } from '../test-fixtures';
import { routeFor } from './index';

const APNS_TOKEN = 'ab'.repeat(32);
const both = { smtp: false, vendors: new Set(['fcm', 'apns', 'telegram', 'whatsapp', 'x']) };

describe('which vendor a contact goes to', () => {
  it('PUSH: an APNs token to APNs only when APNs is configured, any other token to FCM, a segment or list to its FCM topic', () => {
    expect(routeFor(contact(1, { deviceId: APNS_TOKEN }), both)).toEqual({ kind: 'vendor', vendor: 'apns', recipient: { kind: 'device', value: APNS_TOKEN } });
    expect(routeFor(contact(1, { deviceId: APNS_TOKEN }), { smtp: false, vendors: new Set(['fcm']) })).toMatchObject({ vendor: 'fcm' });
    expect(routeFor(contact(1, { deviceId: 'fcm:token-1' }), both)).toMatchObject({ vendor: 'fcm', recipient: { kind: 'device' } });
    expect(routeFor(contact(1, { segment: 'vip' }), both)).toMatchObject({ vendor: 'fcm', recipient: { kind: 'topic', value: 'vip' } });
    expect(routeFor(contact(1, { segment: null, listId: 'list-9' }), both)).toMatchObject({ vendor: 'fcm', recipient: { kind: 'topic', value: 'list-9' } });
    expect(routeFor(contact(1, { segment: null }), both)).toEqual({ kind: 'record' });
  });

  it('TELEGRAM to the chat id, WHATSAPP to the mobile (else the device id), TWITTER to the handle; a URL is a webhook as before', () => {
    expect(routeFor(contact(1, { channelId: 9, deviceId: '-100123' }), both)).toMatchObject({
      vendor: 'telegram',
      recipient: { kind: 'chat', value: '-100123' },
    });
    expect(routeFor(contact(1, { channelId: 7, mobile: '4512345678', deviceId: 'x' }), both)).toMatchObject({
      vendor: 'whatsapp',
      recipient: { value: '4512345678' },
    });
    expect(routeFor(contact(1, { channelId: 3, twitter: '@brand' }), both)).toMatchObject({ vendor: 'x', recipient: { kind: 'handle', value: '@brand' } });
    expect(routeFor(contact(1, { channelId: 1, deviceId: 'https://hooks.example/x' }), both)).toEqual({ kind: 'webhook', url: 'https://hooks.example/x' });
    expect(routeFor(contact(1, { channelId: 4 }), both)).toEqual({ kind: 'record' });
  });

  it('EMAIL: SMTP when the deployment has a mail server; an address without one is unconfigured (smtp); no address is recorded', () => {
    const mail = contact(1, { channelId: 2, email: 'fan@example.com' });
    expect(routeFor(mail, { smtp: true, vendors: new Set() })).toEqual({ kind: 'smtp', to: 'fan@example.com' });
    expect(routeFor(mail, { smtp: false, vendors: new Set() })).toEqual({ kind: 'unconfigured', vendor: 'smtp' });
    expect(routeFor(contact(1, { channelId: 2, email: null }), false)).toEqual({ kind: 'record' });
  });

  it('a vendor the provider has no credentials for is unconfigured (the older boolean form: none)', () => {
    expect(routeFor(contact(1, { deviceId: 'tok' }), { smtp: false, vendors: new Set() })).toEqual({ kind: 'unconfigured', vendor: 'fcm' });
    expect(routeFor(contact(1, { deviceId: 'tok' }), false)).toEqual({ kind: 'unconfigured', vendor: 'fcm' });
  });
});

describe('a contact whose channel is not configured', () => {
  const decide = (simulateUnconfigured: boolean, vendors: string[] = [], who = contact(1, { deviceId: 'fcm-token' })) => {
    const state = matchState({ sets: [set(1)], audience: [subscribed(who)], contents: [content(1, { channelId: who.channelId })] });
    state.statics.match.vendors = new Set(vendors);
    const out = emptyDecisions();
    // The embedded demo records unconfigured channels and gives recorded pushes simulated figures; production does neither.
    decideOffer(state, offer(10, { home: 2600 }), out, {
      limiter: new RateLimiter(),
      smtp: false,
      nowMs: 0,
      simulateUnconfigured,
      simulatedStats: simulateUnconfigured,
    });
    return out;
  };

  it('is a CHANNEL_NOT_CONFIGURED suppression naming the vendor (production), not a silent RECORDED', () => {
    const out = decide(false);
    expect(out.deliveries).toEqual([]);
    expect(out.suppressions.map((s) => [s.reason, s.detail])).toEqual([
      ['CHANNEL_NOT_CONFIGURED', 'channel not configured: the provider has no FCM credentials (an admin adds them in Settings → Channels)'],
    ]);
  });

  it('an email contact without a mail server is CHANNEL_NOT_CONFIGURED (production), RECORDED without figures in the embedded demo', () => {
    const mail = contact(1, { channelId: 2, email: 'fan@example.com' });
    expect(decide(false, [], mail).suppressions.map((s) => [s.reason, s.detail])).toEqual([
      ['CHANNEL_NOT_CONFIGURED', 'channel not configured: this deployment has no mail server (SMTP_URL) to send emails with'],
    ]);
    expect(decide(true, [], mail).deliveries.map((d) => [d.status, d.stats])).toEqual([['RECORDED', null]]);
  });

  it('is RECORDED with simulated figures in the embedded demo; PENDING for the vendor once configured', () => {
    expect(decide(true).deliveries.map((d) => [d.status, d.stats !== null])).toEqual([['RECORDED', true]]);
    expect(decide(false, ['fcm']).deliveries.map((d) => [d.status, d.route])).toEqual([
      ['PENDING', { kind: 'vendor', vendor: 'fcm', recipient: { kind: 'device', value: 'fcm-token' } }],
    ]);
  });
});
