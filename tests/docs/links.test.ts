import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The relative links of a Markdown page (inline `[text](target)` and reference `[id]: target`), outside code. */
function relativeLinks(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const targets = [
    ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!),
    ...[...prose.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((match) => match[1]!),
  ];
  return targets.filter((target) => !/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(target));
}

describe('links in README.md and docs/', () => {
  it('finds the pages and their links', () => {
    expect(pages).toContain('docs/configuration.md');
    expect(relativeLinks(readFileSync(join(root, 'README.md'), 'utf8'))).toContain('docs/configuration.md');
  });

  it.each(pages)('every relative link of %s names a file or folder that exists', (page) => {
    const broken = relativeLinks(readFileSync(join(root, page), 'utf8')).filter(
      (target) => !existsSync(join(root, dirname(page), decodeURIComponent(target.split('#')[0]!.split('?')[0]!))),
    );
    expect(broken).toEqual([]);
  });
});
