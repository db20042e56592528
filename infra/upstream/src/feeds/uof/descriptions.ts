import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * UOF's market descriptions (`/v1/descriptions/{lang}/markets.xml`, `variants.xml` and one variant
 * `/v1/descriptions/{lang}/markets/{id}/variants/{variant}`): the vendor's name of each market and
 * outcome, its specifiers, the groups `bet_stop` names, and for a market whose outcomes depend on
 * a `variant=` specifier (`sr:exact_goals:4+`) the outcomes of each variant
 * (`sr:exact_goals:4+:94` is "2").
 */
interface UofOutcomeDescription {
  id: string;
  name: string;
}

export interface UofMarketDescription {
  id: number;
  /** The vendor's template: `Total`, `Handicap {hcp}`, `{$competitor1} exact goals`. */
  name: string;
  /** `all|score|regular_play` split: the groups a `bet_stop` may name. */
  groups: string[];
  specifiers: { name: string; type: string }[];
  /** Empty for a variant market (its outcomes are the variant's). */
  outcomes: UofOutcomeDescription[];
  /** The variants the vendor's mappings name for this market (`valid_for="variant=…"`), when it has a `variant` specifier. */
  variants: string[];
}

export interface UofVariantDescription {
  id: string;
  outcomes: UofOutcomeDescription[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  ignoreDeclaration: true,
  removeNSPrefix: true,
  isArray: (name) => ['market', 'outcome', 'specifier', 'mapping', 'variant'].includes(name),
});

type Node = Record<string, unknown>;

function documentOf(xml: string, root: string): Node {
  // The vendor's files may start with a byte-order mark.
  const text = xml.replace(/^\uFEFF/, '');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`UOF ${root} is not well-formed XML: ${valid.err.msg}`);
  const doc = (parser.parse(text) as Node)[root] as Node | undefined;
  if (!doc || typeof doc !== 'object') throw new Error(`UOF document has no <${root}>`);
  return doc;
}

const list = (node: unknown, key: string): Node[] => {
  const value = node && typeof node === 'object' ? (node as Node)[key] : undefined;
  return Array.isArray(value) ? (value as Node[]).filter((n) => n && typeof n === 'object') : [];
};
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function outcomesOf(node: Node): UofOutcomeDescription[] {
  return list(node.outcomes, 'outcome')
    .map((o) => ({ id: text(o.id), name: text(o.name) }))
    .filter((o) => o.id);
}

function marketOf(node: Node): UofMarketDescription | null {
  const id = Number(node.id);
  if (!Number.isInteger(id) || id < 1) return null;
  const specifiers = list(node.specifiers, 'specifier').map((s) => ({ name: text(s.name), type: text(s.type) }));
  const variants = new Set<string>();
  for (const mapping of list(node.mappings, 'mapping')) {
    const variant = /(?:^|\|)variant=([^|]+)/.exec(text(mapping.valid_for))?.[1];
    if (variant) variants.add(variant);
  }
  return {
    id,
    name: text(node.name),
    groups: text(node.groups).split('|').filter(Boolean),
    specifiers,
    outcomes: outcomesOf(node),
    variants: [...variants].sort(),
  };
}

/** Every market of a `market_descriptions` document (markets.xml, or one variant's reply). */
export function parseMarketDescriptions(xml: string): UofMarketDescription[] {
  return list(documentOf(xml, 'market_descriptions'), 'market').flatMap((m) => marketOf(m) ?? []);
}

/** Every variant of a `variant_descriptions` document (variants.xml). */
export function parseVariantDescriptions(xml: string): UofVariantDescription[] {
  return list(documentOf(xml, 'variant_descriptions'), 'variant')
    .map((v) => ({ id: text(v.id), outcomes: outcomesOf(v) }))
    .filter((v) => v.id);
}

/**
 * One variant of a market as the per-variant endpoint answers it: a `market_descriptions` with one
 * `<market … variant="…">` whose outcomes are the variant's. Null when the market is not in it.
 */
export function parseSingleVariant(xml: string, variant: string): UofVariantDescription | null {
  const market = list(documentOf(xml, 'market_descriptions'), 'market')[0];
  return market ? { id: text(market.variant) || variant, outcomes: outcomesOf(market) } : null;
}

/** The groups of a market (what `bet_stop groups="…"` names), empty when the descriptions do not have it. */
export function marketGroupsOf(markets: ReadonlyMap<number, UofMarketDescription>, marketId: number): string[] {
  return markets.get(marketId)?.groups ?? [];
}
