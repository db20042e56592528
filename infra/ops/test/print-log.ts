/**
 * A service's log as `npm start` writes it, for logging.test.ts: a Fastify app with the console's
 * logger options and request log answers two requests and logs one line of its own.
 */
import Fastify from 'fastify';
import { loggerOptions, ShortRequestLog } from '../src/index';

const app = Fastify({ logger: loggerOptions('relay', process.env.LOG_LEVEL ?? 'info'), logController: new ShortRequestLog() });
app.get('/ok', async () => ({ ok: true }));
app.log.child({ module: 'relay:live' }).info({ store: 'memory' }, 'live path ready');
await app.inject('/ok');
await app.inject('/missing');
await app.close();
