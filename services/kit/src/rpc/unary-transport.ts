/**
 * The unary calls of a peer transport, made straight on the HTTP/2 connection: the Connect protocol
 * as connect-node speaks it (binary, the same headers, deadline, compression and error body, read
 * and checked by connect's own protocol functions), without the per-call machinery of its generic
 * client: a deadline AbortController, a linked one, a DOMException when it is aborted at the end of
 * every call, a "sentinel" ConnectError created for each call that succeeds, and the async
 * iterables around one request and one response body (about a sixth of the BFF's CPU time on the
 * lock pairs, loadtests/README.md). Streaming calls go through connect-node's transport on the same
 * connection.
 *
 * `req.signal` (the interceptors' view of the call) is created only when someone reads it; it is
 * aborted when the call ends, as connect's is.
 */
import type http2 from 'node:http2';
import { create, fromBinary, isMessage, toBinary } from '@bufbuild/protobuf';
import type { DescMessage, DescMethodUnary, MessageInitShape } from '@bufbuild/protobuf';
import {
  appendHeaders,
  Code,
  ConnectError,
  createContextValues,
  type ContextValues,
  type Interceptor,
  type Transport,
  type UnaryRequest,
  type UnaryResponse,
} from '@connectrpc/connect';
import {
  errorFromJsonBytes,
  requestHeaderWithCompression,
  trailerDemux,
  validateResponseWithCompression,
} from '@connectrpc/connect/protocol-connect';
import type { Http2SessionManager } from '@connectrpc/connect-node';
import { COMPRESSIONS as ACCEPT_COMPRESSION, nodeHeaders, webHeaders } from './wire.js';

/** Largest response body read (connect's default). */
const READ_MAX_BYTES = 0xffffffff;

export interface UnaryTransportOptions {
  baseUrl: string;
  sessionManager: Http2SessionManager;
  interceptors: Interceptor[];
  /** Deadline of a call that sets none (undefined: none). */
  defaultTimeoutMs?: number;
  /** Carries the streaming calls (connect-node's transport, on the same session manager). */
  streams: Transport;
}

type AnyUnaryRequest = UnaryRequest<DescMessage, DescMessage>;
/** Where `send` finds the call of a request (an interceptor may pass on a copy of the request). */
const CALL = Symbol('tessera.unaryCall');
type AnyUnaryResponse = UnaryResponse<DescMessage, DescMessage>;

/** Node's error codes as connect-node maps them (connectErrorFromNodeReason). */
function fromNodeReason(reason: unknown): ConnectError {
  if (reason instanceof ConnectError) return reason;
  const codes: string[] = [];
  for (let e: unknown = reason; e instanceof Error && codes.length < 8; e = e.cause) {
    const c = (e as NodeJS.ErrnoException).code;
    if (typeof c === 'string') codes.push(c);
    if (!('cause' in e)) break;
  }
  const has = (...names: string[]) => codes.some((c) => names.includes(c));
  const code = has(
    'ERR_STREAM_WRITE_AFTER_END',
    'ERR_STREAM_DESTROYED',
    'ERR_HTTP2_INVALID_STREAM',
    'ECONNRESET',
  )
    ? Code.Aborted
    : has('ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED')
      ? Code.Unavailable
      : Code.Internal;
  const ce = ConnectError.from(reason, code);
  if (ce !== reason) ce.cause = reason;
  return ce;
}

/** The HTTP/2 error codes by number (RFC 9113, section 7). */
const RESET_NAMES = [
  'NO_ERROR',
  'PROTOCOL_ERROR',
  'INTERNAL_ERROR',
  'FLOW_CONTROL_ERROR',
  'SETTINGS_TIMEOUT',
  'STREAM_CLOSED',
  'FRAME_SIZE_ERROR',
  'REFUSED_STREAM',
  'CANCEL',
  'COMPRESSION_ERROR',
  'CONNECT_ERROR',
  'ENHANCE_YOUR_CALM',
  'INADEQUATE_SECURITY',
  'HTTP_1_1_REQUIRED',
];
/** The Connect codes of the resets that are not internal errors (connect-node's mapping). */
const RESET_CODES: Partial<Record<number, Code>> = {
  0x7: Code.Unavailable,
  0x8: Code.Canceled,
  0xb: Code.ResourceExhausted,
  0xc: Code.PermissionDenied,
  0xd: Code.PermissionDenied,
};

/** The error of a stream reset by the peer. */
function fromResetCode(rstCode: number): ConnectError {
  const hex = `0x${rstCode.toString(16)}`;
  return new ConnectError(
    `http/2 stream closed with error code ${RESET_NAMES[rstCode] ?? hex} (${hex})`,
    RESET_CODES[rstCode] ?? Code.Internal,
  );
}

/** One unary call in flight: its deadline, the caller's signal and the lazily created `req.signal`. */
class Call {
  private controller: AbortController | undefined;
  private timer: NodeJS.Timeout | undefined;
  private failure: ((err: ConnectError) => void) | undefined;
  private failed: ConnectError | undefined;
  private readonly onCallerAbort = () =>
    this.fail(
      ConnectError.from(this.callerSignal?.reason ?? new Error('This operation was aborted'), Code.Canceled),
    );

  constructor(
    private readonly callerSignal: AbortSignal | undefined,
    timeoutMs: number | undefined,
  ) {
    if (callerSignal?.aborted) this.onCallerAbort();
    else callerSignal?.addEventListener('abort', this.onCallerAbort);
    if (timeoutMs !== undefined && this.failed === undefined) {
      if (timeoutMs <= 0) this.fail(new ConnectError('the operation timed out', Code.DeadlineExceeded));
      else
        this.timer = setTimeout(
          () => this.fail(new ConnectError('the operation timed out', Code.DeadlineExceeded)),
          timeoutMs,
        );
    }
  }

  get signal(): AbortSignal {
    this.controller ??= new AbortController();
    if (this.failed && !this.controller.signal.aborted) this.controller.abort(this.failed);
    return this.controller.signal;
  }

  /** Registers what a failure (deadline, caller's abort) must stop; called at once when it failed already. */
  onFailure(stop: (err: ConnectError) => void): void {
    if (this.failed) stop(this.failed);
    else this.failure = stop;
  }

  fail(err: ConnectError): void {
    if (this.failed) return;
    this.failed = err;
    this.controller?.abort(err);
    this.failure?.(err);
    this.end();
  }

  /** The call is over: no more timers or listeners. */
  end(): void {
    clearTimeout(this.timer);
    this.callerSignal?.removeEventListener('abort', this.onCallerAbort);
    this.failure = undefined;
    if (this.controller && !this.controller.signal.aborted) this.controller.abort();
  }
}

/** Sends one request and reads its response: status, headers and the whole body. */
function exchange(
  sm: Http2SessionManager,
  call: Call,
  path: string,
  header: Headers,
  body: Uint8Array,
): Promise<{ status: number; header: http2.IncomingHttpHeaders; body: Uint8Array }> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let stream: http2.ClientHttp2Stream | undefined;
    const fail = (err: ConnectError) => {
      if (settled) return;
      settled = true;
      if (stream && !stream.closed) stream.close(err.code === Code.Canceled ? 0x8 : 0x2);
      reject(err);
    };
    call.onFailure((err) => {
      // deadline or the caller's abort: the peer is told with a reset
      if (stream && !stream.closed) stream.close(0x8);
      fail(err);
    });
    sm.request('POST', path, nodeHeaders(header), {}).then(
      (s) => {
        stream = s;
        if (settled) {
          s.close(0x8);
          return;
        }
        let status = 0;
        let resHeader: http2.IncomingHttpHeaders = {};
        const chunks: Buffer[] = [];
        let size = 0;
        s.on('response', (h) => {
          status = Number(h[':status'] ?? 0);
          resHeader = h;
        });
        s.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > READ_MAX_BYTES)
            fail(
              new ConnectError(
                `message size is larger than configured readMaxBytes ${READ_MAX_BYTES}`,
                Code.ResourceExhausted,
              ),
            );
          else chunks.push(chunk);
          sm.notifyResponseByteRead(s);
        });
        s.on('end', () => {
          if (settled) return;
          settled = true;
          const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
          resolve({ status, header: resHeader, body: all });
        });
        s.on('error', (err) => {
          const codes = [(err as NodeJS.ErrnoException).code];
          if (s.writableEnded && codes.includes('ERR_STREAM_WRITE_AFTER_END')) return;
          fail(fromNodeReason(err));
        });
        s.on('close', () => {
          if (!settled)
            fail(
              s.rstCode
                ? fromResetCode(s.rstCode)
                : new ConnectError('http/2 stream closed before its response ended', Code.Unavailable),
            );
        });
        s.end(body);
      },
      (err: unknown) => fail(fromNodeReason(err)),
    );
  });
}

/** A transport whose unary calls are made by `exchange` above and streams by `opts.streams`. */
export function createUnaryTransport(opts: UnaryTransportOptions): Transport {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const send = async (req: AnyUnaryRequest): Promise<AnyUnaryResponse> => {
    // a request an interceptor built anew has no deadline of ours: give it the default
    const own = (req as AnyUnaryRequest & { [CALL]?: Call })[CALL];
    if (!req.url.startsWith(`${origin}/`))
      throw new ConnectError(
        `cannot make a request to ${req.url}: the http2 session is connected to ${origin}`,
        Code.Internal,
      );
    const body = toBinary(req.method.input, req.message);
    req.header.delete('content-encoding');
    const path = req.url.slice(origin.length);
    let res;
    if (own) res = await exchange(opts.sessionManager, own, path, req.header, body);
    else {
      // a request an interceptor built anew has no deadline of ours: it gets the default one
      const call = new Call(undefined, opts.defaultTimeoutMs);
      try {
        res = await exchange(opts.sessionManager, call, path, req.header, body);
      } finally {
        call.end();
      }
    }
    const h = res.header;
    const encoding = h['content-encoding'];
    const usual =
      res.status === 200 &&
      h['content-type'] === 'application/proto' &&
      (encoding === undefined || typeof encoding === 'string') &&
      !Object.keys(h).some((k) => k.startsWith('trailer-'));
    if (usual) {
      // the answer of (almost) every call: its headers become `Headers` only when someone asks
      const compression =
        encoding === undefined || encoding === 'identity'
          ? undefined
          : ACCEPT_COMPRESSION.find((c) => c.name === encoding);
      if (compression || encoding === undefined || encoding === 'identity') {
        const bytes = compression ? await compression.decompress(res.body, READ_MAX_BYTES) : res.body;
        let split: [Headers, Headers] | undefined;
        return {
          stream: false,
          service: req.service,
          method: req.method,
          get header() {
            return (split ??= trailerDemux(webHeaders(h)))[0];
          },
          get trailer() {
            return (split ??= trailerDemux(webHeaders(h)))[1];
          },
          message: fromBinary(req.method.output, bytes),
        };
      }
    }
    // errors and anything unusual: read and checked by connect's own functions
    const all = webHeaders(h);
    const { compression, isUnaryError, unaryError } = validateResponseWithCompression(
      'unary',
      ACCEPT_COMPRESSION,
      true,
      res.status,
      all,
    );
    const [header, trailer] = trailerDemux(all);
    const bytes = compression ? await compression.decompress(res.body, READ_MAX_BYTES) : res.body;
    if (isUnaryError) throw errorFromJsonBytes(bytes, appendHeaders(header, trailer), unaryError!);
    return {
      stream: false,
      service: req.service,
      method: req.method,
      header,
      trailer,
      message: fromBinary(req.method.output, bytes),
    };
  };
  // the interceptors are composed once (the first is the outermost, as in connect)
  const chain = opts.interceptors.reduceRight<(req: AnyUnaryRequest) => Promise<AnyUnaryResponse>>(
    (next, interceptor) => interceptor(next as never) as never,
    send,
  );
  return {
    async unary<I extends DescMessage, O extends DescMessage>(
      method: DescMethodUnary<I, O>,
      signal: AbortSignal | undefined,
      timeoutMs: number | undefined,
      header: ConstructorParameters<typeof Headers>[0] | undefined,
      input: MessageInitShape<I>,
      contextValues?: ContextValues,
    ): Promise<UnaryResponse<I, O>> {
      const timeout =
        timeoutMs === undefined ? opts.defaultTimeoutMs : timeoutMs <= 0 ? undefined : timeoutMs;
      const call = new Call(signal, timeout);
      const req = {
        stream: false as const,
        service: method.parent,
        method,
        requestMethod: 'POST',
        url: `${base}/${method.parent.typeName}/${method.name}`,
        header: requestHeaderWithCompression('unary', true, timeout, header, ACCEPT_COMPRESSION, null, true),
        contextValues: contextValues ?? createContextValues(),
        message: isMessage(input, method.input) ? input : create(method.input, input),
        get signal() {
          return call.signal;
        },
        [CALL]: call,
      };
      try {
        const res = await chain(req as unknown as AnyUnaryRequest);
        call.end();
        return res as unknown as UnaryResponse<I, O>;
      } catch (err) {
        const ce = ConnectError.from(err);
        call.fail(ce);
        throw ce;
      }
    },
    stream: (method, signal, timeoutMs, header, input, contextValues) =>
      opts.streams.stream(method, signal, timeoutMs, header, input, contextValues),
  };
}
