import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { serviceWorker } from './build/serviceWorker';

/** Where the relay listens in development (it proxies /api/1/* to the upstream and hosts socket.io). */
const relay = 'http://localhost:8080';

/** Text files worth compressing (fonts in woff2 and images are compressed already; maps are not sent to browsers). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every text file of the build, once,
 * so the relay serves them with Content-Encoding and never compresses a static file per request.
 * Files under 1 KB are left alone, as the relay leaves small replies.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'odds:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      await Promise.all(
        entries
          .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
          .map(async (entry) => {
            const path = join(entry.parentPath, entry.name);
            const body = await readFile(path);
            if (body.length < 1024) return;
            const [br, gz] = await Promise.all([
              promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
              promisify(gzip)(body, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), serviceWorker()],
  build: {
    // The relay serves the built app from client/dist with an SPA fallback.
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React and the router change less often than the app: their own chunk stays cached.
        // PrimeReact stays with its users, so screens loaded later keep their components to themselves.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: relay, changeOrigin: true },
      '/socket.io': { target: relay, ws: true, changeOrigin: true },
    },
  },
});
