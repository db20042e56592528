/**
 * Schema errors in the operator's words, one mapping for every call: the server says
 * 'thresholds.home.value must be <= 1000000' (its field path, odds in thousandths); the operator
 * typed decimal odds in a field labelled 'home' and reads 'home value must be at most 1000.00'.
 * Messages that are not schema errors pass unchanged.
 */

/** Path segments that only group fields: they add nothing to a label. */
const CONTAINERS = new Set(['body', 'query', 'querystring', 'params', 'meta', 'spec', 'thresholds', 'limiter', 'content', 'events', 'input']);
/** Fields kept in thousandths (SPEC §9 "Odds in thousandths") that the console shows as decimal odds. */
const ODDS_FIELDS = new Set(['value', 'from', 'to', 'min', 'max', 'odds', 'line']);

const COMPARISONS: Record<string, string> = { '<=': 'at most', '>=': 'at least', '<': 'less than', '>': 'more than' };

/** 'thresholds.home.value' → 'home value'; 'meta.max_threshold' → 'max threshold'; 'events.2.game_time' → 'row 3 game time'. */
export function fieldLabel(path: string): string {
  const segments = path.split(/[./]/).filter(Boolean);
  const words = segments
    .filter((segment) => !CONTAINERS.has(segment))
    .map((segment) => (/^\d+$/.test(segment) ? `row ${Number(segment) + 1}` : segment.replace(/_/g, ' ')));
  return words.join(' ') || 'the value';
}

/** Whether the field holds odds in thousandths: a threshold's value, from, to, min or max, or any odds. */
function inThousandths(path: string): boolean {
  const segments = path.split(/[./]/).filter(Boolean);
  const last = segments.at(-1) ?? '';
  return (segments.includes('thresholds') && ODDS_FIELDS.has(last)) || last === 'odds';
}

export function operatorMessage(message: string): string {
  const bound = /^([\w./-]+) must be (<=|>=|<|>) (-?\d+(?:\.\d+)?)$/.exec(message);
  if (bound) {
    const [, path, op, limit] = bound as unknown as [string, string, string, string];
    const value = inThousandths(path) ? (Number(limit) / 1000).toFixed(2) : limit;
    return `${fieldLabel(path)} must be ${COMPARISONS[op]} ${value}`;
  }
  const length = /^([\w./-]+) must NOT have (more|fewer) than (\d+) (characters|items)$/.exec(message);
  if (length) {
    const [, path, more, count, unit] = length as unknown as [string, string, string, string, string];
    return `${fieldLabel(path)} must have ${more === 'more' ? 'at most' : 'at least'} ${count} ${unit}`;
  }
  const required = /^([\w./-]+) must have required property '([\w-]+)'$/.exec(message);
  if (required) {
    const [, path, property] = required as unknown as [string, string, string];
    const label = fieldLabel(`${path}.${property}`);
    return `${label} is required`;
  }
  return message;
}
