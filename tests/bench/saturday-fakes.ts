/**
 * The vendor fakes behind the saturday bench's feed → channel figures, in the bench's own process:
 * FCM, APNs (HTTP/2 over TLS; its certificate in a scratch file the servers trust through
 * APNS_CA_FILE), Telegram, WhatsApp and X, the simulations of their wire formats the tests use
 * (infra/upstream/src/engine/channels/fakes/), each answering in 50 ms. Gives the settings that
 * point the server processes at them (docs/configuration.md; each one a variable of
 * infra/ops/src/variables.ts, as an unknown one stops a process), the credentials provider 1
 * saves for each, every vendor call as its fake received it (with the delivery it names, or the
 * tracked link its text carries where the call names no delivery), and `refuse`: from then on a
 * vendor answers every call 429 in its own error shape (SATURDAY_CHANNEL_429). Stopped by the
 * bench's cleanup (bench-cleanup.ts), also on an interrupt.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApnsFake, startFcmFake, startTelegramFake, startWhatsappFake, startXFake } from '@odds/upstream/testing';
import { onCleanup } from './bench-cleanup';

export const VENDORS = ['fcm', 'apns', 'telegram', 'whatsapp', 'x'] as const;
export type Vendor = (typeof VENDORS)[number];

const ANSWER_MS = 50;
/** The base of the tracked links the servers put in each message (PUBLIC_URL): Telegram's and X's calls are told apart by them. */
const PUBLIC_URL = 'https://odds.saturday-bench.example';
const TRACKED = /\/t\/([A-Za-z0-9_-]{22})/;

/** One call a fake received: the delivery it names (FCM, APNs, WhatsApp) or the tracked link in its text (Telegram, X). */
export interface VendorCall {
  vendor: Vendor;
  delivery: number | null;
  link: string | null;
  atMs: number;
}

/** A provider's credentials for a vendor, as the Settings → Channels form sends them. */
export interface ChannelForm {
  settings: Record<string, string>;
  secrets: Record<string, string>;
}

type Fakes = Awaited<ReturnType<typeof startAll>>;

const startAll = () => Promise.all([startFcmFake(), startApnsFake(), startTelegramFake(), startWhatsappFake(), startXFake()]);

/** An answer queue that never runs dry (the fakes take the next answer of a queue per call). */
const endless = <T>(next: () => T): T[] => Object.assign([] as T[], { shift: next });

export class VendorFakes {
  private constructor(
    private readonly fakes: Fakes,
    /** The settings of every server process. */
    readonly env: Record<string, string>,
    readonly forms: Record<Vendor, ChannelForm>,
    readonly stop: () => Promise<void>,
  ) {}

  /** Starts the five fakes (registered with the cleanup as they start) and writes the APNs fake's certificate. */
  static async start(): Promise<VendorFakes> {
    const fakes = await startAll();
    const stopFakes = onCleanup('the vendor fakes', () => Promise.all(fakes.map((fake) => fake.close())));
    const [fcm, apns, telegram, whatsapp, x] = fakes;
    fcm.latencyMs = ANSWER_MS;
    apns.latencyMs = ANSWER_MS;
    for (const fake of [telegram, whatsapp, x]) fake.behaviour.latencyMs = ANSWER_MS;
    const dir = mkdtempSync(join(tmpdir(), 'odds-saturday-apns-'));
    const removeDir = onCleanup(`the APNs fake's certificate in ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'ca.pem'), apns.ca);
    const env = {
      FCM_API_URL: fcm.url,
      FCM_TOKEN_URL: fcm.tokenUrl,
      APNS_API_URL: apns.url,
      APNS_CA_FILE: join(dir, 'ca.pem'),
      TELEGRAM_API_URL: telegram.url,
      WHATSAPP_API_URL: whatsapp.url,
      X_API_URL: x.url,
      CHANNEL_SECRETS_KEY: randomBytes(32).toString('base64'),
      PUBLIC_URL,
    };
    return new VendorFakes(fakes, env, formsOf(fakes), async () => {
      await stopFakes();
      await removeDir();
    });
  }

  /** From now on `vendor` answers every call 429 as that vendor does (its back-off or retry as docs/channels.md says). */
  refuse(vendor: Vendor): void {
    const [fcm, apns, telegram, whatsapp, x] = this.fakes;
    if (vendor === 'fcm') fcm.behaviour = () => ({ status: 429, errorCode: 'QUOTA_EXCEEDED', message: 'Quota exceeded.' });
    // One device's rate (APNs has no 429 for a whole app but TooManyProviderTokenUpdates, which a sender never causes by sending).
    if (vendor === 'apns') apns.behaviour = () => ({ status: 429, reason: 'TooManyRequests' });
    if (vendor === 'telegram') telegram.behaviour.rateLimited = endless(() => 5);
    // Meta answers a number's throughput limit as error 130429 (HTTP 400 in the Graph API's shape).
    if (vendor === 'whatsapp') whatsapp.behaviour.errors = endless(() => 130429);
    // X's 15-minute window, reset 15 minutes from each call.
    if (vendor === 'x') x.behaviour.rateLimited = endless(() => ({ reset: Math.floor(Date.now() / 1000) + 900 }));
  }

  /** Every message call the fakes received so far (token requests aside), in each fake's order. */
  calls(): VendorCall[] {
    const [fcm, apns, telegram, whatsapp, x] = this.fakes;
    const linkOf = (text: unknown) => TRACKED.exec(String(text ?? ''))?.[1] ?? null;
    return [
      ...fcm.received.map((r) => ({
        vendor: 'fcm' as const,
        delivery: Number((r.message.data as Record<string, string>).delivery_id),
        link: null,
        atMs: r.atMs,
      })),
      ...apns.received.map((r) => ({ vendor: 'apns' as const, delivery: Number(r.payload.delivery_id), link: null, atMs: r.atMs })),
      ...telegram.received
        .filter((r) => r.json?.chat_id !== undefined)
        .map((r) => ({ vendor: 'telegram' as const, delivery: null, link: linkOf(r.json!.text ?? r.json!.caption), atMs: r.atMs })),
      ...whatsapp.received
        .filter((r) => typeof r.json?.biz_opaque_callback_data === 'string')
        .map((r) => ({
          vendor: 'whatsapp' as const,
          delivery: Number(/^delivery-(\d+)$/.exec(String(r.json!.biz_opaque_callback_data))?.[1]),
          link: null,
          atMs: r.atMs,
        })),
      ...x.received.filter((r) => r.url === '/2/tweets').map((r) => ({ vendor: 'x' as const, delivery: null, link: linkOf(r.json?.text), atMs: r.atMs })),
    ];
  }
}

/** Provider 1's credentials for each fake, as an admin would enter them (docs/channels.md "Credentials"). */
function formsOf([fcm, apns, telegram, whatsapp]: Fakes): Record<Vendor, ChannelForm> {
  return {
    fcm: { settings: { project_id: 'saturday-bench' }, secrets: { service_account: fcm.serviceAccount('saturday-bench') } },
    apns: {
      settings: { team_id: 'SATBENCH01', key_id: 'SATKEY0001', bundle_id: 'com.example.odds' },
      secrets: { private_key: apns.authKey('SATBENCH01', 'SATKEY0001', 'com.example.odds') },
    },
    telegram: { settings: {}, secrets: { bot_token: telegram.behaviour.token } },
    whatsapp: {
      settings: {
        phone_number_id: whatsapp.behaviour.phoneNumberId,
        templates: '{"en": {"name": "odds_offer", "language": "en", "parameters": ["title", "body"]}}',
      },
      secrets: { access_token: whatsapp.behaviour.accessToken },
    },
    x: { settings: { client_id: 'saturday-bench', handle: '@SaturdayOdds' }, secrets: { access_token: 'at-initial', refresh_token: 'rt-initial' } },
  };
}
