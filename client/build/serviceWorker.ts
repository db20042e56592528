import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

interface Chunk {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  viteMetadata?: { importedCss?: Set<string>; importedAssets?: Set<string> };
}

const template = readFileSync(new URL('./sw.template.js', import.meta.url), 'utf8');

/**
 * Writes `sw.js` into the build: the service worker with this release's version and the files it
 * caches ahead: the page, the entry with what it imports, and the wall screen's chunks (a wall
 * reloaded offline must start). Other built files are cached as they are first fetched.
 */
export function serviceWorker({ ahead = [/\/screens\/wall\//] }: { ahead?: RegExp[] } = {}): Plugin {
  return {
    name: 'odds-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = bundle as unknown as Record<string, Chunk>;
      const wanted = new Set<string>(['/index.html', '/favicon.svg']);
      const add = (fileName: string) => {
        const path = `/${fileName}`;
        if (wanted.has(path)) return;
        wanted.add(path);
        const chunk = files[fileName];
        for (const imported of chunk?.imports ?? []) add(imported);
        for (const css of chunk?.viteMetadata?.importedCss ?? []) add(css);
        for (const asset of chunk?.viteMetadata?.importedAssets ?? []) add(asset);
      };
      for (const chunk of Object.values(files)) {
        if (chunk.type !== 'chunk') continue;
        if (chunk.isEntry || ahead.some((pattern) => pattern.test(chunk.facadeModuleId ?? ''))) add(chunk.fileName);
      }
      // Browsers that run service workers read woff2: the older font formats are left to the network.
      const precache = [...wanted].filter((path) => !/\.(map|br|gz|woff|eot|ttf)$/.test(path) && !/\/primeicons-[^/]*\.svg$/.test(path)).sort();
      const version = createHash('sha256').update(Object.keys(files).sort().join('\n')).digest('hex').slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template.replace('__VERSION__', JSON.stringify(version)).replace('__PRECACHE__', JSON.stringify(precache)),
      });
    },
  };
}
