import { describe, expect, it } from 'vitest';
import { ago, wallUpdateText } from './wallUpdate';

const at = (hhmmss: string) => new Date(`2026-11-27T${hhmmss}`).getTime();

describe('a wall panel says how fresh it is', () => {
  it('says a prematch match has no feed yet and when it kicks off, instead of a time that never moves', () => {
    const kickoff = new Date(at('21:00:00')).toISOString();
    expect(wallUpdateText({ kind: 'prematch', kickoff, offers: 0, lastUpdateAt: at('20:10:00'), now: at('20:40:00') })).toBe('No feed yet — kicks off 21:00');
    expect(wallUpdateText({ kind: 'prematch', kickoff: null, offers: 0, lastUpdateAt: null, now: at('20:40:00') })).toBe('No feed yet');
  });

  it('gives the last update and how long ago, which moves on while nothing changes', () => {
    const inputs = { kind: 'live' as const, kickoff: null, offers: 12, lastUpdateAt: at('20:10:05') };
    expect(wallUpdateText({ ...inputs, now: at('20:10:17') })).toBe('Last update 20:10:05 · 12 s ago');
    expect(wallUpdateText({ ...inputs, now: at('20:13:17') })).toBe('Last update 20:10:05 · 3 min ago');
    expect(wallUpdateText({ ...inputs, kind: 'prematch', now: at('20:13:17') })).toBe('Last update 20:10:05 · 3 min ago');
  });

  it('says a finished match is at full time with its final update, not how long ago that was', () => {
    const inputs = { kind: 'fulltime' as const, kickoff: null, offers: 40, lastUpdateAt: at('20:52:10') };
    expect(wallUpdateText({ ...inputs, now: at('20:56:10') })).toBe('Full time · final update 20:52:10');
    expect(wallUpdateText({ ...inputs, now: at('23:56:10') })).toBe('Full time · final update 20:52:10');
    expect(wallUpdateText({ ...inputs, lastUpdateAt: null, now: at('20:56:10') })).toBe('Full time');
  });

  it('counts hours past the hour', () => {
    expect(ago(2 * 3600_000 + 5 * 60_000)).toBe('2 h 5 min ago');
    expect(ago(-5)).toBe('0 s ago');
  });
});
