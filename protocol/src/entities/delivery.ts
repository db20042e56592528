import { Type, type Static } from 'typebox';
import { Id, NamedRef, Nullable, Timestamp } from '../common';
import { Channel } from './channel';
import { LanguageCode } from './language';
import { DeliveryLog } from './offer';

const SentOpen = Type.Object({ sent: Type.Integer({ minimum: 0 }), open: Type.Integer({ minimum: 0 }) });

/** Per-platform sent/open figures (SPEC §3 stats.report). */
export const DeliveryReport = Type.Object({ ios: SentOpen, android: SentOpen, total: SentOpen });
export type DeliveryReport = Static<typeof DeliveryReport>;

/**
 * Where a delivery's figures came from (docs/channels.md "Delivery figures"): `channel`, what the
 * channel reported (a webhook receiver's `report`, a vendor's statuses); `tracked`, counted by our
 * own tracked link of its call to action; `simulated`, made up by the embedded demo's sandbox
 * model and shown as such (never in production).
 */
export const StatsSource = Type.Enum(['channel', 'tracked', 'simulated']);
export type StatsSource = Static<typeof StatsSource>;

/** Per-platform report of a delivery and its source; a null report shows as N/A. */
export const DeliveryStats = Type.Object({ report: Nullable(DeliveryReport), source: StatsSource });
export type DeliveryStats = Static<typeof DeliveryStats>;

/**
 * PENDING until a channel adapter handled it; SENT when sent for real; RECORDED when the channel
 * cannot be reached from here and the delivery was only recorded (ARCHITECTURE "Domain rules");
 * FAILED when the channel refused it for good or retries ran out (docs/deliveries.md); a
 * PENDING delivery may be between retries. The spec leaves the values open; they are decided here.
 */
export const DeliveryStatus = Type.Enum(['PENDING', 'SENT', 'RECORDED', 'FAILED']);
export type DeliveryStatus = Static<typeof DeliveryStatus>;

export const Delivery = Type.Object({
  id: Id,
  match_id: Id,
  offer_id: Nullable(Id),
  channel: Channel,
  market: NamedRef,
  contact: NamedRef,
  language: LanguageCode,
  stats: Nullable(DeliveryStats),
  status: DeliveryStatus,
  sent_at: Nullable(Timestamp),
  created_at: Timestamp,
  log: DeliveryLog,
  /** Score node the content was chosen for (the Reports 'Score' column). */
  node_id: Type.String(),
  /** Calls made to its channel (webhook, SMTP); 0 for a recorded delivery. */
  attempts: Type.Integer({ minimum: 0 }),
  /** When a PENDING delivery's next call is due (a retry), else null. */
  next_attempt_at: Nullable(Timestamp),
  /** The last failed call's reason (kept once sent, to show why it took several attempts). */
  last_error: Nullable(Type.String()),
});
export type Delivery = Static<typeof Delivery>;

/** Reply of the delivery lists (SPEC §7: deliveries, total). */
export const DeliveriesReply = Type.Object({ deliveries: Type.Array(Delivery), total: Type.Integer({ minimum: 0 }) });
export type DeliveriesReply = Static<typeof DeliveriesReply>;
