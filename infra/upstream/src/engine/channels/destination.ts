import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may go (docs/security.md "Webhook destinations"). A contact's URL is a place the
 * server connects to on an operator's word, so it is checked when the contact is saved and again
 * when each call is made, after DNS resolution, on the very address the socket connects to (the
 * check runs inside the connection's own lookup, so a name cannot resolve to a public address for
 * the check and to loopback for the connect). Refused: anything but a public unicast address (v4
 * or v6, IPv4-mapped v6 judged as its v4 address), `localhost` names, and URLs carrying a user name
 * or password, unless WEBHOOK_ALLOW_HOSTS names the host (tests and the demo's local receivers).
 * The WHATWG URL parser already spells every form of an IPv4 literal (decimal 2130706433, octal
 * 0177.0.0.1, hex 0x7f.1, short 127.1) as dotted quads, and a trailing dot is dropped here.
 */

/** One WEBHOOK_ALLOW_HOSTS entry: a host (any port) or host:port. */
export interface AllowEntry {
  host: string;
  port: string | null;
}

/** How a name becomes addresses: dns.lookup with every address (tests give their own). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface DestinationPolicy {
  allow: readonly AllowEntry[];
  resolve: Resolver;
}

/** A destination refused; `message` is what an operator is shown at save, `reason` what a delivery records. */
export class DestinationRefused extends Error {
  override name = 'DestinationRefused';
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

const ALLOW_ENTRY = /^(\[[0-9a-f:.]+\]|[^\s:[\]/@]+)(?::(\d{1,5}))?$/i;

/** A host as the URL parser spells it, without a trailing dot and IPv6 brackets. */
function canonicalHost(host: string): string {
  const parsed = new URL(`http://${host}/`).hostname.toLowerCase().replace(/\.+$/, '');
  return parsed.startsWith('[') ? parsed.slice(1, -1) : parsed;
}

/** WEBHOOK_ALLOW_HOSTS: comma-separated `host` or `host:port`; throws an Error naming a malformed entry. */
export function parseAllowHosts(text: string | undefined): AllowEntry[] {
  const entries: AllowEntry[] = [];
  for (const raw of (text ?? '').split(',').map((e) => e.trim())) {
    if (!raw) continue;
    const match = ALLOW_ENTRY.exec(raw);
    let host: string | null = null;
    try {
      host = match ? canonicalHost(match[1]!) : null;
    } catch {
      host = null;
    }
    if (!match || !host) throw new Error(`WEBHOOK_ALLOW_HOSTS entry '${raw}' is not a host or host:port`);
    entries.push({ host, port: match[2] ?? null });
  }
  return entries;
}

const RANGE_NAMES: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  uniqueLocal: 'a private address',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  unspecified: 'an unspecified address',
  carrierGradeNat: 'a carrier-grade NAT address',
};

/** Why an address may not be called, or null for a public unicast one. */
function addressProblem(address: string): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return 'not an address';
  }
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  return range === 'unicast' ? null : (RANGE_NAMES[range] ?? 'a reserved address');
}

/** A destination that passed the checks a URL alone allows; `trusted` when the allow-list names it. */
export interface CheckedDestination {
  url: URL;
  host: string;
  trusted: boolean;
}

const refused = (reason: string) =>
  new DestinationRefused(
    `This webhook destination is not allowed: ${reason}. Webhooks go to public addresses only; a receiver inside our own network needs its host in WEBHOOK_ALLOW_HOSTS.`,
    `destination not allowed (${reason})`,
  );

/** The checks of the URL itself (scheme, credentials, literal addresses, localhost names). */
export function checkUrl(raw: string, policy: DestinationPolicy): CheckedDestination {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DestinationRefused(`'${raw}' is not a valid webhook URL.`, 'destination not allowed (not a URL)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused('only http and https URLs are called');
  if (url.username || url.password) throw refused('a webhook URL may not carry a user name or password');
  const host = canonicalHost(url.host.replace(/:\d+$/, ''));
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (policy.allow.some((entry) => entry.host === host && (entry.port === null || entry.port === port))) return { url, host, trusted: true };
  if (host === 'localhost' || host.endsWith('.localhost')) throw refused('a loopback name');
  if (ipaddr.isValid(host)) {
    const problem = addressProblem(host);
    if (problem) throw refused(problem);
  }
  return { url, host, trusted: false };
}

/** Every address a name resolves to must be public (a name with one internal address is refused whole). */
async function resolveChecked(host: string, policy: DestinationPolicy): Promise<LookupAddress[]> {
  const addresses = await policy.resolve(host);
  if (!addresses.length) throw Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' });
  for (const { address } of addresses) {
    const problem = addressProblem(address);
    if (problem) throw refused(`the name resolves to ${problem}`);
  }
  return addresses;
}

/**
 * The check when a contact is saved: the URL's own checks, then its name resolved. A name that does
 * not resolve now is kept (DNS may be away from here; the send checks again and fails then).
 */
export async function checkDestination(raw: string, policy: DestinationPolicy): Promise<void> {
  const checked = checkUrl(raw, policy);
  if (checked.trusted || ipaddr.isValid(checked.host)) return;
  try {
    await resolveChecked(checked.host, policy);
  } catch (error) {
    if (error instanceof DestinationRefused) throw error;
  }
}

/**
 * The socket's lookup for one call: resolves with the policy's resolver and refuses any internal
 * address, so the address checked is the address connected to. (Node does not call a lookup for an
 * IP literal; `checkUrl` judged that already.)
 */
export function guardedLookup(checked: CheckedDestination, policy: DestinationPolicy): LookupFunction {
  return (hostname, options, callback) => {
    // The name as checked (a trailing dot names the same host).
    const name = hostname.replace(/\.+$/, '');
    const resolved = checked.trusted ? policy.resolve(name) : resolveChecked(name, policy);
    resolved.then(
      (all) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = family ? all.filter((a) => a.family === family) : all;
        if (!addresses.length) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
