import type { AdmissionLimits } from '../../relay/src/live/transport/admission';

/**
 * Tests and benches play many consoles and walls from one loopback address, often with one token
 * and in bursts: the relay's caps of live connections per address and per token (and its handshake
 * rate) are raised for them. tests/integration/live-admission.test.ts tests the caps themselves.
 */
export const MANY_CLIENTS_ADMISSION: AdmissionLimits = { maxPerAddress: 1_000_000, maxPerToken: 1_000_000, handshakesPerSecond: 100_000 };

/** The same as environment variables, for relays started as processes. */
export const MANY_CLIENTS_ENV: Record<string, string> = {
  RELAY_MAX_SOCKETS_PER_ADDRESS: String(MANY_CLIENTS_ADMISSION.maxPerAddress),
  RELAY_MAX_SOCKETS_PER_TOKEN: String(MANY_CLIENTS_ADMISSION.maxPerToken),
  RELAY_HANDSHAKES_PER_SECOND: String(MANY_CLIENTS_ADMISSION.handshakesPerSecond),
};
