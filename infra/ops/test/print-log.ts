/**
 * A service's log as `npm start` writes it, for logging.test.ts: a Fastify app with the console's
 * logger options and request log answers two requests and logs one line of its own.
 */
import Fastify from 'fastify';
import { loggerOptions, ShortRequestLog, startProcess } from '../src/index';

const env = startProcess('relay');
const app = Fastify({ logger: loggerOptions('relay', env.LOG_LEVEL ?? 'info', env), logController: new ShortRequestLog() });
app.get('/ok', async () => ({ ok: true }));
app.log.child({ module: 'relay:live' }).info({ store: 'memory' }, 'live path ready');
await app.inject('/ok');
await app.inject('/missing');
await app.close();
