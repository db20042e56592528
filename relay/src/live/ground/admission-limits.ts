import { DEFAULTS } from '@odds/ops';

/** How many live connections (socket.io and `/live` together) a client may open, and how fast. */
export interface AdmissionLimits {
  /** Connections one client address may hold at once (RELAY_MAX_SOCKETS_PER_ADDRESS). */
  maxPerAddress: number;
  /** Connections one token may hold at once (RELAY_MAX_SOCKETS_PER_TOKEN). */
  maxPerToken: number;
  /** Handshakes one address may start per second, in bursts of five seconds' worth (RELAY_HANDSHAKES_PER_SECOND). */
  handshakesPerSecond: number;
}

/**
 * The defaults are the variables' (infra/ops/src/variables.ts). An office behind one NAT or
 * proxy shares an address: 500 connections are a few hundred consoles
 * and walls. One sign-in rarely needs more than a handful of tabs; a wall display's token drives
 * one screen per socket, a dozen or two.
 */
export const DEFAULT_ADMISSION: AdmissionLimits = {
  maxPerAddress: DEFAULTS.RELAY_MAX_SOCKETS_PER_ADDRESS,
  maxPerToken: DEFAULTS.RELAY_MAX_SOCKETS_PER_TOKEN,
  handshakesPerSecond: DEFAULTS.RELAY_HANDSHAKES_PER_SECOND,
};
