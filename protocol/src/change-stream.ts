import { createParser } from 'eventsource-parser';
import { Compile } from 'typebox/compile';
import { ChangeNotice } from './engine';

/** What a reader of the change stream (routes.changes) is told as the events come. */
export interface ChangeStreamHandlers {
  /** A `change` event whose data is a well-formed notice. */
  notice(notice: ChangeNotice): void;
  /** Where the reader stands (an event's `id`, or an id alone): send it back as Last-Event-ID to resume. */
  position?(id: string): void;
  /** A `change` event whose data is not a notice (not JSON, or not of the schema): left aside. */
  invalid?(problem: string): void;
  /** Bytes arrived (events, comments or heartbeats): the stream is alive. */
  activity?(): void;
}

/** Compiled on first use (servers only: the console's bundle never imports this file). */
let notices: ReturnType<typeof Compile<typeof ChangeNotice>> | undefined;

/** The notice a `change` event's data holds, or what is wrong with it. */
export function readNotice(data: string): { notice: ChangeNotice } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch (error) {
    return { problem: `not JSON: ${(error as Error).message}` };
  }
  notices ??= Compile(ChangeNotice);
  if (notices.Check(value)) return { notice: value };
  const [first] = notices.Errors(value);
  return { problem: `not a change notice: ${first ? `${first.instancePath || '/'} ${first.message}` : 'of another shape'}` };
}

/**
 * Reads the change stream's server-sent events from a response body until it ends: each `change`
 * event checked against the protocol's ChangeNotice, other events and comments passed over. The
 * parsing is eventsource-parser's (the WHATWG rules: fields, CR/LF, ids alone, retry); its
 * `engines` asks Node 22.12 for require(esm), which this ESM import does not use: Node 20 runs it.
 */
export async function readChangeStream(body: AsyncIterable<Uint8Array>, handlers: ChangeStreamHandlers): Promise<void> {
  const parser = createParser({
    onId: (id) => handlers.position?.(id),
    onEvent: ({ event, data }) => {
      if (event !== 'change') return;
      const read = readNotice(data);
      if ('notice' in read) handlers.notice(read.notice);
      else handlers.invalid?.(read.problem);
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of body) {
    handlers.activity?.();
    parser.feed(decoder.decode(chunk, { stream: true }));
  }
}
