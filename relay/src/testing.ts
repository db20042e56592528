// What the cross-part suites (tests/) use inside the relay, so they import `@odds/relay/testing` (and
// `@odds/relay` for the app) and never a path into src/: a file that moves changes this list, not the suites.
export { registerApiDocs } from './api-docs';
export { trustProxyOption, type LiveConfig } from './config';
export { DEFAULT_ADMISSION, type AdmissionLimits } from './live/admission';
export { ChangeStream } from './live/change-stream';
export { outlineOf } from './live/snapshot';
export { createRelayMetrics } from './metrics';
export { UPSTREAM_DOWN_MESSAGE, WRITE_TIMEOUT_MESSAGE } from './proxy';
export { UPSTREAM_UNREACHABLE } from './sockets';
export { UpstreamClient } from './upstream';
