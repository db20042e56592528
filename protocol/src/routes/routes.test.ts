import { describe, expect, it } from 'vitest';
import type { RouteDef } from './define';
import { routeGroups, routes } from './index';

const all = Object.entries(routes) as [string, RouteDef][];
const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]);

describe('routes', () => {
  it('keeps every route of every resource file (no name claimed twice)', () => {
    const names = Object.values(routeGroups).flatMap((group) => Object.keys(group));
    expect(names.length).toBe(new Set(names).size);
    expect(all.length).toBe(names.length);
  });

  it('puts every path under /api/1/', () => {
    for (const [name, route] of all) expect(route.path, name).toMatch(/^\/api\/1\//);
  });

  it('has one route per method and path', () => {
    const keys = all.map(([, route]) => `${route.method} ${route.path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('has no two routes the router would take for the same (params named differently)', () => {
    // find-my-way refuses `/content/:id` beside `/content/:matchContentId` for one method.
    const shapes = all.map(([, route]) => `${route.method} ${route.path.replace(/:[A-Za-z_]+/g, ':')}`);
    const clashes = shapes.filter((shape, i) => shapes.indexOf(shape) !== i);
    expect(clashes).toEqual([]);
  });

  it('declares exactly the parameters of its path, as ids (a tracked link is named by its random token, a vendor tournament by its urn)', () => {
    for (const [name, route] of all) {
      const declared = Object.keys(route.params?.properties ?? {}).sort();
      expect(declared, name).toEqual(pathParams(route.path).sort());
      if (name === 'trackedLink') continue;
      if (name === 'catalogSyncTournamentAdd' || name === 'catalogSyncTournamentRemove') {
        expect(Object.keys(route.params?.properties ?? {}), name).toContain('providerId');
        continue;
      }
      for (const schema of Object.values(route.params?.properties ?? {})) {
        expect((schema as { type?: string }).type, name).toBe('integer');
      }
    }
  });

  it('has a reply schema and a summary', () => {
    for (const [name, route] of all) {
      expect(route.reply, name).toBeTypeOf('object');
      expect(route.summary.trim(), name).not.toBe('');
    }
  });

  it('takes no body on GET (Fastify would never read it)', () => {
    for (const [name, route] of all) if (route.method === 'GET') expect(route.body, name).toBeUndefined();
  });

  it('leaves only authenticate, the one-time set-password link (its token is the credential), the vendor webhooks (signed), tracked links (an unguessable id, one stored target) and the identity provider sign-in (how the sign-in is offered, started, called back and completed with its one-time ticket) public', () => {
    expect(all.filter(([, route]) => route.public).map(([name]) => name)).toEqual([
      'authenticate',
      'passwordSet',
      'trackedLink',
      'whatsappWebhookVerify',
      'whatsappWebhook',
      'authMethods',
      'ssoStart',
      'ssoCallback',
      'ssoComplete',
    ]);
  });
});
