import { describe, expect, it } from 'vitest';
import { readEnvironment } from './environment';
import { VARIABLES, type Variable } from './variables';

const table: [string, Variable][] = Object.entries(VARIABLES);

/** The value `text` gives `name` in the first process that reads it, or the refusal's message. */
function reading(name: string, variable: Variable, text: string): unknown {
  try {
    return (readEnvironment(variable.processes[0]!, { [name]: text }) as Record<string, unknown>)[name];
  } catch (error) {
    return (error as Error).message;
  }
}

const refusal = (name: string, variable: Variable, text: string) =>
  `${name} must be ${variable.kind.form}, ${variable.secret ? 'got another value (a secret: not shown)' : `got '${text}'`}`;

describe.each(table)('%s', (name, variable) => {
  const read = (text: string) => reading(name, variable, text);
  const refused = (text: string) => expect(read(text)).toBe(refusal(name, variable, text));
  const { bounds = {}, words = {} } = variable.kind;

  it('is its default when unset or empty, in every process that reads it', () => {
    for (const process of variable.processes) {
      const env = readEnvironment(process, { [name]: '' }) as Record<string, unknown>;
      expect(env[name]).toEqual(variable.unset);
    }
    if (variable.defaultText !== undefined) expect(read(variable.defaultText)).toEqual(variable.unset);
    else expect(variable.unset).toBeUndefined();
  });

  it(`takes what is ${variable.kind.form}, and refuses the rest`, () => {
    switch (variable.kind.type) {
      case 'whole':
      case 'port': {
        const min = bounds.min ?? 0;
        expect(read(String(min))).toBe(min);
        if (min > 0) refused(String(min - 1));
        if (bounds.max !== undefined) {
          expect(read(String(bounds.max))).toBe(bounds.max);
          refused(String(bounds.max + 1));
        }
        for (const text of ['1.5', '-1', 'ten']) refused(text);
        break;
      }
      case 'decimal': {
        if (bounds.min !== undefined) expect(read(String(bounds.min))).toBe(bounds.min);
        if (bounds.above !== undefined) {
          refused(String(bounds.above));
          expect(read(`${bounds.above}.5`)).toBe(bounds.above + 0.5);
        }
        if (bounds.max !== undefined) {
          expect(read(String(bounds.max))).toBe(bounds.max);
          refused(`${bounds.max}.5`);
        }
        if (bounds.below !== undefined) refused(String(bounds.below));
        for (const text of ['-1', 'half']) refused(text);
        break;
      }
      case 'flag':
        for (const on of words.on!) expect(read(on)).toBe(true);
        for (const off of words.off!) expect(read(off)).toBe(false);
        // Compared as written: `OFF` is no form of off.
        for (const text of ['maybe', words.off![0]!.toUpperCase(), `${words.on![0]}!`].filter((text) => !words.off!.includes(text))) refused(text);
        break;
      case 'one of':
        for (const value of words.values!) expect(read(value)).toBe(value);
        refused('another');
        break;
      case 'url':
        for (const scheme of words.values!) expect(read(`${scheme}://host:1/path`)).toBe(`${scheme}://host:1/path`);
        refused('host:1');
        break;
      case 'duration':
        expect([read('500'), read('90s'), read('2m'), read('1h')]).toEqual([500, 90_000, 120_000, 3_600_000]);
        refused('soon');
        break;
      case 'durations':
        expect(read('10s, 2m,500ms')).toEqual([10_000, 120_000, 500]);
        for (const text of ['10s,soon', '0s']) refused(text);
        break;
      case 'day':
        expect(read('2022-12-17')).toBe('2022-12-17');
        for (const text of ['2022-13-45', '17/12/2022']) refused(text);
        break;
      case 'shaped':
        refused('\t');
        break;
      case 'text':
        expect(read(' as written ')).toBeDefined();
        break;
    }
  });
});

describe('the kinds that read more than they check', () => {
  it('TRUST_PROXY: off, on, a hop count or addresses, as Fastify takes them', () => {
    const trust = (text: string) => reading('TRUST_PROXY', VARIABLES.TRUST_PROXY, text);
    expect([trust('off'), trust('No'), trust('0'), trust('true'), trust('yes'), trust('2'), trust(' 10.0.0.0/8 ')]).toEqual([
      false,
      false,
      false,
      true,
      true,
      2,
      '10.0.0.0/8',
    ]);
  });

  it('text is kept as written, and a secret is never repeated in a refusal', () => {
    expect(reading('HOST', VARIABLES.HOST, ' 0.0.0.0 ')).toBe(' 0.0.0.0 ');
    expect(reading('DATABASE_URL', VARIABLES.DATABASE_URL, 'mysql://u:pw@db')).not.toContain('pw');
  });
});
