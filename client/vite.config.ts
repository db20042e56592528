import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorker } from './build/serviceWorker';

/** Where the relay listens in development (it proxies /api/1/* to the upstream and hosts socket.io). */
const relay = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), serviceWorker()],
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
