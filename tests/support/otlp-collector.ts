import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** A span as an OTLP exporter sent it: ids in hex, and the `service.name` of its process. */
export interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  /** Empty for a trace's root span. */
  parentSpanId: string;
  name: string;
}

/** A protobuf message's fields as they come on the wire: field number → its raw values. */
type Fields = Map<number, (Uint8Array | bigint)[]>;

/**
 * Reads one protobuf message into its fields (wire types 0, 1, 2 and 5; groups are not used by
 * OTLP). Length-delimited values stay bytes: the caller knows which are messages and strings.
 */
function readFields(bytes: Uint8Array): Fields {
  const fields: Fields = new Map();
  let at = 0;
  const varint = () => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = bytes[at++];
      if (byte === undefined) throw new Error('a truncated varint');
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
  };
  while (at < bytes.length) {
    const key = Number(varint());
    const [field, wire] = [key >>> 3, key & 7];
    let value: Uint8Array | bigint;
    if (wire === 0) value = varint();
    else if (wire === 2) {
      const length = Number(varint());
      value = bytes.subarray(at, at + length);
      at += length;
    } else if (wire === 1 || wire === 5) {
      const size = wire === 1 ? 8 : 4;
      value = bytes.subarray(at, at + size);
      at += size;
    } else throw new Error(`wire type ${wire} is not OTLP's`);
    fields.set(field, [...(fields.get(field) ?? []), value]);
  }
  return fields;
}

const messages = (fields: Fields, field: number) => (fields.get(field) ?? []).filter((v): v is Uint8Array => v instanceof Uint8Array).map(readFields);
const text = (fields: Fields, field: number) => {
  const [value] = fields.get(field) ?? [];
  return value instanceof Uint8Array ? Buffer.from(value).toString('utf8') : '';
};
const hex = (fields: Fields, field: number) => {
  const [value] = fields.get(field) ?? [];
  return value instanceof Uint8Array ? Buffer.from(value).toString('hex') : '';
};

/**
 * The spans of an `ExportTraceServiceRequest` (opentelemetry-proto's trace service): resource
 * spans (1) hold the resource (1, its attributes 1 as key 1 / value 2, a string value 1) and scope
 * spans (2), which hold spans (2): trace id 1, span id 2, parent span id 4, name 5.
 */
function decodeTraceExport(body: Uint8Array): CollectedSpan[] {
  return messages(readFields(body), 1).flatMap((resourceSpans) => {
    const attributes = messages(resourceSpans, 1).flatMap((resource) => messages(resource, 1));
    const serviceName = attributes.find((attribute) => text(attribute, 1) === 'service.name');
    const service = serviceName ? text(messages(serviceName, 2)[0] ?? new Map(), 1) : '';
    return messages(resourceSpans, 2).flatMap((scopeSpans) =>
      messages(scopeSpans, 2).map((span) => ({ service, traceId: hex(span, 1), spanId: hex(span, 2), parentSpanId: hex(span, 4), name: text(span, 5) })),
    );
  });
}

/**
 * A stand-in for an OpenTelemetry Collector's OTLP/HTTP receiver (protobuf, `POST /v1/traces`):
 * what the processes of a deployment export, so a test can follow one trace across them.
 */
export class OtlpCollector {
  private constructor(
    private readonly server: Server,
    readonly port: number,
    /** Every span received, in the order the exports came. */
    readonly spans: CollectedSpan[],
  ) {}

  /** Listens on `host` (containers reach the test machine on its own addresses, not on loopback). */
  static async start(host: string, port = 0): Promise<OtlpCollector> {
    const spans: CollectedSpan[] = [];
    const server = createServer((request, reply) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method !== 'POST' || request.url !== '/v1/traces') return reply.writeHead(404).end();
        try {
          const body = Buffer.concat(chunks);
          spans.push(...decodeTraceExport(request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body));
          // An empty ExportTraceServiceResponse: everything accepted.
          reply.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
        } catch (error) {
          reply.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
    return new OtlpCollector(server, (server.address() as AddressInfo).port, spans);
  }

  /** The spans of one trace. */
  trace(traceId: string): CollectedSpan[] {
    return this.spans.filter((span) => span.traceId === traceId);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
