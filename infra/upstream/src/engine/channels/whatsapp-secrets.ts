import type { Db } from '../../db/client';
import { openChannel } from './credentials';

/** WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN: the status webhook's keys where a provider has saved none. */
export interface WhatsappWebhookSettings {
  appSecret: string;
  verifyToken: string;
}

/**
 * Where the WhatsApp status webhook of a provider finds its keys: the Meta app's secret (the
 * X-Hub-Signature-256 key) and the verify token given to Meta. The provider's saved WhatsApp
 * credentials (Settings → Channels: app secret and verify token) when they have both; else the
 * process's settings (WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN), shared by every provider.
 * Null: neither (the webhook answers 404). Saved credentials that do not open (the secrets key
 * changed) fall back too: the route never answers a 500 to Meta for them.
 */
export async function whatsappWebhookSecrets(
  db: Db,
  secretsKey: string | null,
  settings: WhatsappWebhookSettings | null,
  providerId: number,
): Promise<WhatsappWebhookSettings | null> {
  const saved = await openChannel(db, providerId, 'whatsapp', secretsKey).catch(() => null);
  const { app_secret: appSecret, verify_token: verifyToken } = saved?.values ?? {};
  return appSecret && verifyToken ? { appSecret, verifyToken } : settings;
}
