import { describe, expect, it } from 'vitest';
import type { RouteDef } from './define';
import { routes, versionedReads, versionedWrites } from './index';

describe('versioned routes', () => {
  it('names only real writes, with the id parameter of their path', () => {
    for (const [name, { idParam }] of Object.entries(versionedWrites)) {
      const route = (routes as Record<string, RouteDef>)[name];
      expect(route, name).toBeDefined();
      expect(route!.method, name).not.toBe('GET');
      if (idParam) expect(route!.path, name).toContain(`:${idParam}`);
    }
  });

  it('names only single-record reads', () => {
    for (const name of Object.keys(versionedReads)) expect((routes as Record<string, RouteDef>)[name]?.method, name).toBe('GET');
  });
});
