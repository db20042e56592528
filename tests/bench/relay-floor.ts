/**
 * The floor of bench D, in its own process: the least a Node process does to forward a call
 * (node:http server, undici's dispatcher on a kept-alive pool, the reply collected and sent back)
 * and nothing the relay adds (routing, security headers, request ids and logs, compression, body
 * limits, error answers). What the relay costs above this is its own work; what this costs is
 * Node's HTTP on both sides of the hop. Not a proxy to use: it streams nothing and checks nothing.
 */
import { createServer } from 'node:http';
import { Pool, type Dispatcher } from 'undici';

const pool = new Pool(process.env.UPSTREAM_URL!, { connections: 128, pipelining: 1, keepAliveTimeout: 4_000 });
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host']);

const server = createServer((req, res) => {
  const headers: Record<string, string | string[]> = {};
  for (const name in req.headers) if (!HOP_BY_HOP.has(name)) headers[name] = req.headers[name]!;
  const chunks: Buffer[] = [];
  let status = 502;
  const replyHeaders: Record<string, string> = {};
  pool.dispatch(
    { path: req.url!, method: req.method as Dispatcher.HttpMethod, headers },
    {
      onConnect() {},
      onHeaders(statusCode, raw) {
        status = statusCode;
        for (let i = 0; i < raw.length; i += 2) {
          const name = raw[i]!.toString('latin1').toLowerCase();
          if (!HOP_BY_HOP.has(name)) replyHeaders[name] = raw[i + 1]!.toString('latin1');
        }
        return true;
      },
      onData(chunk) {
        chunks.push(chunk);
        return true;
      },
      onComplete() {
        res.writeHead(status, replyHeaders).end(Buffer.concat(chunks));
      },
      onError() {
        res.writeHead(502).end();
      },
    },
  );
});
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));
process.on('disconnect', () => process.exit(0));
