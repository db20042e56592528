import { describe, expect, it } from 'vitest';
import { sandboxPushReport } from './push-report';

const SENT = Date.parse('2022-12-18T15:30:00Z');
const HOUR = 3_600_000;

describe('sandbox push report', () => {
  it('counts one device on its platform for a device id', () => {
    const ios = sandboxPushReport(
      { deviceId: 'a3f29c7e4b1d4e0f9a6c2b8d5e7f1a30c4d6e8f0b2a4c6e8d0f2a4b6c8e0f2a4', segment: null, listId: null },
      'k',
      SENT,
      SENT,
    );
    expect(ios.report).toEqual({ ios: { sent: 1, open: 0 }, android: { sent: 0, open: 0 }, total: { sent: 1, open: 0 } });
    const android = sandboxPushReport({ deviceId: 'fcm:APA91bH', segment: null, listId: null }, 'k', SENT, SENT);
    expect(android.report?.android.sent).toBe(1);
  });

  it('gives a segment a fixed audience, and opens that grow after sending and stay below sent', () => {
    const audience = { deviceId: null, segment: '3', listId: null };
    const at = (hours: number) => sandboxPushReport(audience, 'delivery-1', SENT, SENT + hours * HOUR).report!;
    const [now, later, much] = [at(0), at(2), at(48)];
    expect(now.total.sent).toBeGreaterThanOrEqual(500);
    expect(now.total.sent).toBe(now.ios.sent + now.android.sent);
    expect(now.total.open).toBe(0);
    expect(later.total.open).toBeGreaterThan(0);
    expect(much.total.open).toBeGreaterThanOrEqual(later.total.open);
    expect(much.total.open).toBeLessThan(much.total.sent * 0.15);
    expect(at(2)).toEqual(later);
  });
});
