import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { OUR_PREFIXES } from '../../infra/ops/src/misspellings';
import { VARIABLES } from '../../infra/ops/src/variables';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FILES = ['infra/compose.yaml', 'infra/compose.uof.yaml', 'tests/containers/compose.smoke.yaml'];
const table: Record<string, { secret?: true }> = VARIABLES;

/**
 * The interpolations compose files may use: `${X}`, `${X:-default}`, `${X-default}`, `${X:?message}`
 * and `${X?message}`, a default or message never empty. podman-compose 1.0 (Debian 12's) leaves any
 * other form, `${X:-}` among them, as literal text in the container's environment, which the
 * process then refuses ("UOF_API_URL must be a http:// or https:// URL, got '${UOF_API_URL:-}'").
 */
const INTERPOLATION = /^\$\{[A-Za-z_][A-Za-z0-9_]*(?:(?::?-|:?\?)[^}]+)?\}$/;

const load = (file: string) => parse(readFileSync(join(root, file), 'utf8'), { merge: true }) as unknown;

/** The interpolations in a file's keys and values (its comments are not read). */
/** `${inner}`, as a compose file writes it. */
const braced = (inner: string) => `$\{${inner}}`;

function interpolations(value: unknown): string[] {
  if (typeof value === 'string') return [...value.matchAll(/\$\{[^}]*\}/g)].map((match) => match[0]);
  if (Array.isArray(value)) return value.flatMap(interpolations);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => [...interpolations(key), ...interpolations(inner)]);
  return [];
}

/** Each service's environment entries, by the file and service that set them. */
function environments(): { where: string; name: string }[] {
  return FILES.flatMap((file) => {
    const compose = load(file) as { services?: Record<string, { environment?: Record<string, unknown> }> };
    return Object.entries(compose.services ?? {}).flatMap(([service, { environment }]) =>
      Object.keys(environment ?? {}).map((name) => ({ where: `${file} ${service}`, name })),
    );
  });
}

describe('the compose files', () => {
  it('interpolate only in forms every compose tool substitutes', () => {
    const bad = FILES.flatMap((file) =>
      interpolations(load(file))
        .filter((found) => !INTERPOLATION.test(found))
        .map((found) => `${file}: ${found}`),
    );
    expect(bad).toEqual([]);
    // The check itself: the form that broke the UOF compose file is refused, the others pass.
    expect(['X:-', 'X-', 'X:?'].map(braced).filter((form) => INTERPOLATION.test(form))).toEqual([]);
    expect(['X', 'X:-7', 'X-#', 'X:?set X'].map(braced).every((form) => INTERPOLATION.test(form))).toBe(true);
  });

  it('set only settings the processes know (a secret as NAME_FILE)', () => {
    const found = environments();
    expect(found.some(({ name }) => name === 'UOF_API_URL')).toBe(true);
    const unknown = found
      .filter(({ name }) => OUR_PREFIXES.some((prefix) => name.startsWith(prefix)))
      .filter(({ name }) => !(name in table) && !(name.endsWith('_FILE') && table[name.slice(0, -'_FILE'.length)]?.secret))
      .map(({ where, name }) => `${where}: ${name}`);
    expect(unknown).toEqual([]);
  });
});
