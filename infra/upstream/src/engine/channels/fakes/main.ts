import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startApnsFake } from './apns-fake';
import { startFcmFake } from './fcm-fake';
import { startTelegramFake } from './telegram-fake';
import { startWhatsappFake } from './whatsapp-fake';
import { startXFake } from './x-fake';

/**
 * `npm run channels:fake`: the vendor fakes on loopback (SIMULATIONS, for staging and local runs:
 * they reach no vendor), each printing the settings to give the console and the credentials to
 * save on Settings → Channels, so a staging deployment sends end to end without real
 * credentials. Files (keys, the APNs fake's CA) go under --out. Adding a vendor's fake is one
 * entry of FAKES.
 */

interface Started {
  /** Environment lines for the console's processes. */
  settings: string[];
  /** What to enter on Settings → Channels. */
  credentials: string[];
  close(): Promise<void>;
}

type Fake = (port: number, out: string) => Promise<Started>;

const FAKES: Record<string, { port: number; start: Fake }> = {
  fcm: {
    port: 19201,
    async start(port, out) {
      const fake = await startFcmFake(port);
      const file = join(out, 'fcm-service-account.json');
      writeFileSync(file, fake.serviceAccount('odds-staging'), { mode: 0o600 });
      return {
        settings: [`FCM_API_URL=${fake.url}`, `FCM_TOKEN_URL=${fake.tokenUrl}`],
        credentials: [
          `FCM: project id odds-staging; service account key: the contents of ${file}`,
          '  tokens unregistered… / invalid… / quota… / unavailable… answer those errors',
        ],
        close: () => fake.close(),
      };
    },
  },
  apns: {
    port: 19202,
    async start(port, out) {
      const fake = await startApnsFake(port);
      const ca = join(out, 'apns-fake-ca.pem');
      const key = join(out, 'apns-auth-key.p8');
      writeFileSync(ca, fake.ca);
      writeFileSync(key, fake.authKey('TEAM000001', 'KEY0000001', 'com.example.odds'), { mode: 0o600 });
      return {
        settings: [`APNS_API_URL=${fake.url}`, `APNS_CA_FILE=${ca}`],
        credentials: [
          `APNs: team id TEAM000001, key id KEY0000001, bundle id com.example.odds; auth key: the contents of ${key}`,
          '  64-hex tokens starting dead… are Unregistered',
        ],
        close: () => fake.close(),
      };
    },
  },
  telegram: {
    port: 19203,
    async start(port) {
      const fake = await startTelegramFake({
        port,
        behaviour: { blocked: new Set(['403']), missing: new Set(['404']), migrated: new Map([['-300', '-100300']]) },
      });
      return {
        settings: [`TELEGRAM_API_URL=${fake.url}`],
        credentials: [`Telegram: bot token ${fake.behaviour.token}`, '  chat 403 blocked the bot, chat 404 does not exist, group -300 moved to -100300'],
        close: () => fake.close(),
      };
    },
  },
  whatsapp: {
    port: 19204,
    async start(port) {
      const fake = await startWhatsappFake({ port, behaviour: { notOnWhatsapp: new Set(['4500000000']) } });
      const { phoneNumberId, accessToken } = fake.behaviour;
      return {
        settings: [`WHATSAPP_API_URL=${fake.url}`],
        credentials: [
          `WhatsApp: phone number id ${phoneNumberId}, access token ${accessToken}; templates {"en": {"name": "odds_offer", "language": "en"}}`,
          '  number 4500000000 is not on WhatsApp; other languages go as free text, refused outside the 24-hour window',
        ],
        close: () => fake.close(),
      };
    },
  },
  x: {
    port: 19205,
    async start(port) {
      const fake = await startXFake({ port });
      return {
        settings: [`X_API_URL=${fake.url}`],
        credentials: [`X: client id odds-staging, access token at-initial, refresh token ${fake.behaviour.refreshToken} (renewed tokens rotate)`],
        close: () => fake.close(),
      };
    },
  },
};

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string', default: './data/channel-fakes' }, only: { type: 'string', multiple: true } } });
  const out = resolve(values.out!);
  mkdirSync(out, { recursive: true });
  const chosen = Object.entries(FAKES).filter(([name]) => !values.only?.length || values.only.includes(name));
  const started = await Promise.all(chosen.map(([, fake]) => fake.start(fake.port, out)));
  console.log('Vendor fakes (simulations) listening on loopback. Give the console these settings:\n');
  for (const line of started.flatMap((s) => s.settings)) console.log(`  ${line}`);
  console.log('\nThen, as an admin, save these on Settings → Channels:\n');
  for (const line of started.flatMap((s) => s.credentials)) console.log(`  ${line}`);
  console.log('\nCtrl-C stops them.');
  const stop = () => void Promise.all(started.map((s) => s.close())).then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
