/**
 * The kinds of value an environment variable may hold (variables.ts): each says in words what its
 * text must look like (the refusal reads "NAME must be <form>") and turns a text into its typed
 * value, or into undefined when the text is not of the kind. Bounds belong to the kind, so a value
 * out of bounds is refused at start like a malformed one.
 */
export interface Kind<T> {
  /** Which kind, with what the test of the table (variables.test.ts) needs to try its bounds and forms. */
  type: 'text' | 'shaped' | 'url' | 'one of' | 'flag' | 'whole' | 'port' | 'decimal' | 'duration' | 'durations' | 'day';
  /** The bounds of a number (`above` and `below` exclusive), the schemes of a URL, the words of a choice or a switch. */
  bounds?: { min?: number; max?: number; above?: number; below?: number };
  words?: { on?: string[]; off?: string[]; values?: string[] };
  form: string;
  parse(text: string): T | undefined;
}

/** Any text (an empty value is unset before a kind sees it). */
export const text: Kind<string> = { type: 'text', form: 'text', parse: (value) => value };

/** Text of a given shape, kept as it is. */
export const shaped = (pattern: RegExp, form: string): Kind<string> => ({ type: 'shaped', form, parse: (value) => (pattern.test(value) ? value : undefined) });

export const url = (schemes: string[]): Kind<string> => ({
  ...shaped(new RegExp(`^(${schemes.join('|')})://`), `a ${schemes.map((scheme) => `${scheme}://`).join(' or ')} URL`),
  type: 'url',
  words: { values: schemes },
});

export function oneOf<const V extends string[]>(...values: V): Kind<V[number]> {
  return { type: 'one of', words: { values }, form: `one of ${values.join(', ')}`, parse: (value) => values.find((known) => known === value) };
}

/** A switch written in one of the `on` or `off` forms (compared as written: `OFF` is refused, as before). */
export function flag(on: string[], off: string[]): Kind<boolean> {
  return {
    type: 'flag',
    words: { on, off },
    form: `one of ${[...on, ...off].join(', ')}`,
    parse: (value) => (on.includes(value) ? true : off.includes(value) ? false : undefined),
  };
}

/** on/off, 1/0, true/false. */
export const onOff = flag(['on', '1', 'true'], ['off', '0', 'false']);

/** A whole number from `min` (0 unless given) to `max` (none unless given); `unit` names what it counts in the form. */
export function whole({ min = 0, max, unit }: { min?: number; max?: number; unit?: string } = {}): Kind<number> {
  const counted = `a whole number${unit ? ` of ${unit}` : ''}`;
  const form = max !== undefined ? `${counted} from ${min} to ${max}` : min ? `${counted} of at least ${min}` : counted;
  return {
    type: 'whole',
    bounds: { min, max },
    form,
    parse: (value) => {
      if (!/^\d+$/.test(value)) return undefined;
      const n = Number(value);
      return n >= min && (max === undefined || n <= max) ? n : undefined;
    },
  };
}

export const port: Kind<number> = {
  type: 'port',
  bounds: { min: 0, max: 65_535 },
  form: 'a port number',
  parse: (value) => (/^\d{1,5}$/.test(value) && Number(value) <= 65_535 ? Number(value) : undefined),
};

/** A decimal number (`2`, `0.5`) at least `min`, above it when `above` is set instead, and below `below` or at most `max`. */
export function decimal(form: string, bounds: { min?: number; above?: number; max?: number; below?: number }): Kind<number> {
  return {
    type: 'decimal',
    bounds,
    form,
    parse: (value) => {
      if (!/^\d+(\.\d+)?$/.test(value)) return undefined;
      const n = Number(value);
      const { min, above, max, below } = bounds;
      const inside =
        (min === undefined || n >= min) && (above === undefined || n > above) && (max === undefined || n <= max) && (below === undefined || n < below);
      return inside ? n : undefined;
    },
  };
}

/** A day such as 2022-12-17 that the calendar has. */
export const day: Kind<string> = {
  type: 'day',
  form: 'a date such as 2022-12-17',
  parse: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined),
};

/**
 * TRUST_PROXY as Fastify's trustProxy takes it: off (0, false, off, no) false, on (true, on, yes)
 * true, a hop count, or addresses as written.
 */
export const proxyTrust: Kind<boolean | number | string> = {
  type: 'text',
  form: 'text',
  parse: (written) => {
    const value = written.trim();
    if (['', '0', 'false', 'off', 'no'].includes(value.toLowerCase())) return false;
    if (['true', 'on', 'yes'].includes(value.toLowerCase())) return true;
    return /^\d+$/.test(value) ? Number(value) : value;
  },
};

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 };

/** '10s', '2m', '1h', '500ms' in milliseconds (a bare number is milliseconds); undefined when it is none. */
function milliseconds(value: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|min|h)?\s*$/.exec(value);
  return match ? Math.round(Number(match[1]) * UNITS[match[2] ?? 'ms']!) : undefined;
}

/** A wait such as `10m` (ms, s, m or min, h; a bare number is milliseconds), in milliseconds. */
export const duration = (example: string): Kind<number> => ({ type: 'duration', form: `a duration such as ${example}`, parse: milliseconds });

/** Waits such as `10s,30s,2m`, each above zero, in milliseconds. */
export const durations: Kind<number[]> = {
  type: 'durations',
  form: 'a comma-separated list of positive waits such as 10s,30s,2m',
  parse: (value) => {
    const steps = value.split(',').map(milliseconds);
    return steps.every((step) => step !== undefined && step > 0) ? (steps as number[]) : undefined;
  },
};
