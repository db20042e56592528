import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { parseMarketDescriptions, parseVariantDescriptions, type UofMarketDescription, type UofVariantDescription } from '../descriptions';

const recordedFile = (name: string) => readFileSync(new URL(`./recorded/${name}`, import.meta.url), 'utf8');

export interface Producer {
  id: number;
  path: string;
  windowMinutes: number;
  active: boolean;
}

/** The vendor's files recorded beside the stand-in, as served and as read. */
export interface Recorded {
  producersXml: string;
  producers: Producer[];
  marketsXml: string;
  variantsXml: string;
  markets: Map<number, UofMarketDescription>;
  variants: Map<string, UofVariantDescription>;
}

function producersOf(xml: string): Producer[] {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'producer' });
  const producers = ((parser.parse(xml) as { producers: { producer: Record<string, string>[] } }).producers.producer ?? []).map((p) => ({
    id: Number(p.id),
    path: /\/v1\/([^/]+)\/$/.exec(String(p.api_url))?.[1] ?? '',
    windowMinutes: Number(p.stateful_recovery_window_in_minutes),
    active: String(p.active) === 'true',
  }));
  return producers;
}

/** Producers, market and variant descriptions, read from the recorded files. */
export function readRecorded(): Recorded {
  const producersXml = recordedFile('producers.xml');
  const producers = producersOf(producersXml);
  const marketsXml = recordedFile('markets_en.xml');
  const variantsXml = recordedFile('variants_en.xml');
  const markets = new Map(parseMarketDescriptions(marketsXml).map((m) => [m.id, m]));
  const variants = new Map(parseVariantDescriptions(variantsXml).map((v) => [v.id, v]));
  return { producersXml, producers, marketsXml, variantsXml, markets, variants };
}
