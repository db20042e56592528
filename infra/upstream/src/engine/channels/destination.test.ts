import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDestination, DestinationRefused, parseAllowHosts, type DestinationPolicy, type Resolver } from './destination';
import { postWebhook } from './webhook';

let server: Server;
let port: number;
let hits = 0;

/** Names as a hostile DNS would answer them; anything else does not resolve. */
const zone: Record<string, string[]> = {
  'internal.example': ['127.0.0.1'],
  'mixed.example': ['93.184.216.34', '10.1.2.3'],
  'metadata.example': ['169.254.169.254'],
  'v6loop.example': ['::1'],
  'public.example': ['93.184.216.34'],
};
const resolver: Resolver = async (host) => {
  const addresses = zone[host];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
const strict: DestinationPolicy = { allow: [], resolve: resolver };

beforeAll(async () => {
  server = createServer((_request, response) => {
    hits += 1;
    response.writeHead(200).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Every spelling of an address inside our network that a URL can carry (the port is the live receiver's). */
const hostile = () => [
  `http://127.0.0.1:${port}/`,
  `http://2130706433:${port}/`,
  `http://0177.0.0.1:${port}/`,
  `http://0x7f000001:${port}/`,
  `http://0x7f.0.0.1:${port}/`,
  `http://127.1:${port}/`,
  `http://127.0.0.1.:${port}/`,
  `http://[::1]:${port}/`,
  `http://[::ffff:127.0.0.1]:${port}/`,
  `http://[0:0:0:0:0:ffff:7f00:1]:${port}/`,
  `http://localhost:${port}/`,
  `http://LOCALHOST.:${port}/`,
  `http://api.localhost:${port}/`,
  `http://evil@127.0.0.1:${port}/`,
  `http://user:pass@public.example:${port}/`,
  `http://internal.example:${port}/hook`,
  `http://internal.example.:${port}/hook`,
  `http://v6loop.example:${port}/`,
  `http://mixed.example:${port}/`,
  `http://metadata.example/latest/meta-data`,
  'http://169.254.169.254/latest/meta-data',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://224.0.0.1/',
  'http://255.255.255.255/',
  'http://0.0.0.0/',
  'http://0/',
  'http://[::]/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://[ff02::1]/',
  'http://[::ffff:a9fe:a9fe]/',
  'ftp://public.example/',
];

describe('webhook destinations', () => {
  it('refuses every internal spelling when a contact is saved, with a message that says why', async () => {
    for (const url of hostile()) {
      const refused = await checkDestination(url, strict).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused, url).toBeInstanceOf(DestinationRefused);
      expect((refused as Error).message, url).toMatch(/^This webhook destination is not allowed: .+WEBHOOK_ALLOW_HOSTS\.$/);
    }
  });

  it('refuses every one of them again when sent, before a byte reaches the receiver, naming no host or port', async () => {
    for (const url of hostile()) {
      const result = await postWebhook(url, '{}', { timeoutMs: 2000, headers: {}, policy: strict });
      expect(result, url).toMatchObject({ status: 'FAILED', final: true });
      expect(result.error, url).toMatch(/^destination not allowed \(/);
      expect(result.error, url).not.toMatch(new RegExp(`${port}|127\\.|169\\.254|10\\.|localhost`));
    }
    expect(hits).toBe(0);
  });

  it('checks the address the socket connects to: a name that turned to loopback after it was saved is refused at send', async () => {
    let answer = '93.184.216.34';
    const rebinding: DestinationPolicy = { allow: [], resolve: async () => [{ address: answer, family: 4 }] };
    await checkDestination(`http://rebind.example:${port}/`, rebinding);
    answer = '127.0.0.1';
    const result = await postWebhook(`http://rebind.example:${port}/`, '{}', { timeoutMs: 2000, headers: {}, policy: rebinding });
    expect(result).toEqual({ status: 'FAILED', error: 'destination not allowed (the name resolves to a loopback address)', final: true });
    expect(hits).toBe(0);
  });

  it('keeps a public name at save, and one that does not resolve now (the send checks again)', async () => {
    await expect(checkDestination('https://public.example/hooks', strict)).resolves.toBeUndefined();
    await expect(checkDestination('https://nowhere.example/hooks', strict)).resolves.toBeUndefined();
  });

  it('lets WEBHOOK_ALLOW_HOSTS name a receiver inside: by host and port, or by host', async () => {
    const allowed = { allow: parseAllowHosts(` 127.0.0.1:${port} , internal.example `), resolve: resolver };
    await checkDestination(`http://127.0.0.1:${port}/`, allowed);
    await checkDestination(`http://2130706433:${port}/`, allowed);
    await checkDestination('http://internal.example:9/', allowed);
    await expect(checkDestination(`http://127.0.0.1:${port + 1}/`, allowed)).rejects.toBeInstanceOf(DestinationRefused);
    await expect(checkDestination(`http://localhost:${port}/`, allowed)).rejects.toBeInstanceOf(DestinationRefused);
    expect(await postWebhook(`http://127.0.0.1:${port}/`, '{}', { timeoutMs: 2000, headers: {}, policy: allowed })).toMatchObject({ status: 'SENT' });
    expect(await postWebhook(`http://internal.example:${port}/`, '{}', { timeoutMs: 2000, headers: {}, policy: allowed })).toMatchObject({ status: 'SENT' });
    expect(hits).toBe(2);
  });

  it('refuses a malformed WEBHOOK_ALLOW_HOSTS entry by name', () => {
    expect(parseAllowHosts('[::1]:8080,Example.COM.')).toEqual([
      { host: '::1', port: '8080' },
      { host: 'example.com', port: null },
    ]);
    expect(() => parseAllowHosts('http://x/')).toThrow(/WEBHOOK_ALLOW_HOSTS entry 'http:\/\/x\/'/);
    expect(() => parseAllowHosts('a b')).toThrow(/WEBHOOK_ALLOW_HOSTS/);
  });
});
