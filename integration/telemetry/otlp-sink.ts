/**
 * An OTLP/HTTP trace receiver for tests: what an OpenTelemetry collector's `otlphttp` receiver
 * accepts at `POST /v1/traces`, kept in memory. The kit exports with
 * `@opentelemetry/exporter-trace-otlp-http`, which sends OTLP's JSON encoding (Content-Type
 * application/json; ids as hex); a body in any other encoding (protobuf) is answered 415 and
 * counted, so a change of exporter fails the test instead of losing its spans quietly.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SinkSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind number: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  /** `service.name` of the process that exported it. */
  service: string;
  attributes: Record<string, string | number | boolean>;
}

export interface OtlpSink {
  /** Give this to OTEL_EXPORTER_OTLP_ENDPOINT (the exporter appends /v1/traces). */
  endpoint: string;
  spans(): SinkSpan[];
  /** Requests that were not OTLP/JSON trace exports. */
  refused(): number;
  close(): Promise<void>;
}

interface AnyValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
}
interface KeyValue {
  key: string;
  value?: AnyValue;
}
interface OtlpJson {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind?: number;
        attributes?: KeyValue[];
      }[];
    }[];
  }[];
}

function attributesOf(list: KeyValue[] | undefined): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const { key, value } of list ?? []) {
    const v = value?.stringValue ?? value?.boolValue ?? value?.doubleValue ?? value?.intValue;
    if (v !== undefined) out[key] = typeof v === 'string' && value?.intValue !== undefined ? Number(v) : v;
  }
  return out;
}

/** Decodes one OTLP/JSON ExportTraceServiceRequest. */
export function decodeOtlpJson(body: OtlpJson): SinkSpan[] {
  const out: SinkSpan[] = [];
  for (const rs of body.resourceSpans ?? []) {
    const service = String(attributesOf(rs.resource?.attributes)['service.name'] ?? '');
    for (const ss of rs.scopeSpans ?? []) {
      for (const s of ss.spans ?? []) {
        out.push({
          traceId: s.traceId,
          spanId: s.spanId,
          parentSpanId: s.parentSpanId ?? '',
          name: s.name,
          kind: s.kind ?? 0,
          service,
          attributes: attributesOf(s.attributes),
        });
      }
    }
  }
  return out;
}

export async function startOtlpSink(): Promise<OtlpSink> {
  const received: SinkSpan[] = [];
  let refused = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (req.headers['content-type'] ?? '').startsWith('application/json');
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !json) {
        refused += 1;
        res.writeHead(415).end();
        return;
      }
      try {
        received.push(...decodeOtlpJson(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpJson));
      } catch {
        refused += 1;
        res.writeHead(400).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans: () => [...received],
    refused: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
