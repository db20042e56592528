// What the cross-part suites (tests/) use inside the relay, so they import `@odds/relay/testing` (and
// `@odds/relay` for the app) and never a path into src/: a file that moves changes this list, not the suites.
export { registerApiDocs } from './api-docs/plugin';
import { readEnvironment } from '@odds/ops';

export type { LiveConfig } from './config';
/** TRUST_PROXY=`setting` as the relay reads it (its kind in the table of @odds/ops). */
export const trustProxyOption = (setting: string) => readEnvironment('relay', { TRUST_PROXY: setting }).TRUST_PROXY;
export { DEFAULT_ADMISSION, type AdmissionLimits } from './live/ground/admission-limits';
export { ChangeStream } from './live/polling/change-stream';
export { Outline, outlineOf } from './live/state/outline';
export { createRelayMetrics } from './metrics';
export { UPSTREAM_DOWN_MESSAGE, WRITE_TIMEOUT_MESSAGE } from './proxy';
export { UPSTREAM_UNREACHABLE } from './live/transport/socket-io';
export { UpstreamClient } from './upstream';
export type { LiveConnection } from './live/rooms';
export type { PushArgs, RoomBroadcaster } from './live/ground/broadcast';
export type { roomBroadcaster } from './live/transport/room-broadcaster';
