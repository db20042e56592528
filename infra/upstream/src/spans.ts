import { spansOf } from '@odds/ops';

/** The upstream's spans (docs/tracing.md): the API's saves and notices, ingest, the broker's hops, the engine's decisions and sends. */
export const spans = spansOf('@odds/upstream');
