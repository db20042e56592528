import { loggerOptions, refuse, startProcess, startTracing } from '@odds/ops';
import { buildRelay } from './app';
import { readConfig } from './config';

const env = startProcess('relay');
const config = (() => {
  try {
    return readConfig(env);
  } catch (error) {
    return refuse('relay', Object.assign(error as Error, { name: 'ConfigError' }));
  }
})();
if (config.production && config.live.relayPassword === 'demo') {
  refuse('relay', Object.assign(new Error('RELAY_PASSWORD is the known demo password; NODE_ENV=production refuses it'), { name: 'ConfigError' }));
}
// OpenTelemetry (OTEL_*, docs/tracing.md): off unless an exporter is configured.
const tracing = await startTracing('relay', env);
const { app } = await buildRelay({
  upstreamUrl: config.upstreamUrl,
  clientDir: config.clientDir,
  logger: loggerOptions('relay', config.logLevel, config.log),
  live: config.live,
  proxy: config.proxy,
  trustProxy: config.trustProxy,
  apiDocs: config.apiDocs,
});
// The spans still held are exported once the server has closed.
app.addHook('onClose', () => tracing.shutdown());

/**
 * Graceful shutdown: Fastify's close runs the relay's preClose hooks (pollers stopped, leases
 * released, live connections closed with a restart code so clients reconnect to another instance),
 * then stops listening. A close that hangs (a client that never finishes its closing handshake)
 * is cut short.
 */
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.warn('shutdown took too long; exiting');
    process.exit(1);
  }, 10_000);
  force.unref();
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

// Listen on every address of both families unless told otherwise, so browsers that resolve
// localhost to ::1 and tools that use 127.0.0.1 both reach the same server.
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  if (config.host !== '::' || (error as NodeJS.ErrnoException).code !== 'EAFNOSUPPORT') throw error;
  await app.listen({ port: config.port, host: '0.0.0.0' });
}
