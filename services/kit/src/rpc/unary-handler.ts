/**
 * The short path of the RPC server for the calls peers make most: unary, Connect protocol, binary
 * (`application/proto`), uncompressed request. It runs the same interceptors and implementation
 * as connect-node's adapter and answers the same bytes (status, headers, error body, compressed
 * response when the caller accepts it), without the adapter's per-call machinery: three
 * AbortControllers linked together and aborted with a DOMException at the end of every call, a
 * deadline timer, four `Headers` copies and the async iterables around one message each way (38%
 * of the lock service's CPU time on the lock pairs, loadtests/README.md).
 *
 * The handler's `ctx.signal` is created when the handler (or an interceptor) first reads it, then
 * follows the caller's cancellation, the deadline and the server's shutdown as connect's does;
 * nothing is paid for it by the calls that never read it. Every other request (streams, JSON,
 * compressed requests, GET, a malformed timeout, a service registered with options of its own)
 * goes to connect-node's adapter, unchanged.
 */
import type http2 from 'node:http2';
import { create, fromBinary, isMessage, toBinary } from '@bufbuild/protobuf';
import type { DescMessage, DescMethod, DescMethodUnary, DescService } from '@bufbuild/protobuf';
import {
  Code,
  ConnectError,
  createContextValues,
  createServiceImplSpec,
  type ConnectRouter,
  type ContextValues,
  type HandlerContext,
  type Interceptor,
  type UnaryRequest,
  type UnaryResponse,
} from '@connectrpc/connect';
import { compressionNegotiate } from '@connectrpc/connect/protocol';
import {
  codeToHttpStatus,
  errorToJsonBytes,
  parseTimeout,
  trailerMux,
} from '@connectrpc/connect/protocol-connect';
import { COMPRESSIONS, nodeHeaders, webHeaders } from './wire.js';

/** connect-node's adapter default: the smallest answer it compresses. */
const COMPRESS_MIN_BYTES = 1024;

type AnyRequest = UnaryRequest<DescMessage, DescMessage>;
/** Where `invoke` finds the context of a request (an interceptor may pass on a copy of it). */
const CTX = Symbol('tessera.callContext');
type AnyResponse = UnaryResponse<DescMessage, DescMessage>;
type UnaryImpl = (req: unknown, ctx: HandlerContext) => unknown;

interface Route {
  method: DescMethodUnary;
  impl: UnaryImpl;
}

/** The context of one call; `signal` and the response headers are made when first read. */
class CallContext implements HandlerContext {
  readonly protocolName = 'connect';
  readonly requestMethod = 'POST';
  readonly service: DescService;
  private controller: AbortController | undefined;
  private timer: NodeJS.Timeout | undefined;
  private header: Headers | undefined;
  private trailer: Headers | undefined;
  private done = false;
  readonly timeoutMs: () => number | undefined;

  constructor(
    readonly method: DescMethod,
    readonly requestHeader: Headers,
    readonly values: ContextValues,
    private readonly req: http2.Http2ServerRequest,
    private readonly deadline: number | undefined,
    private readonly shutdown: AbortSignal | undefined,
  ) {
    this.service = method.parent;
    this.timeoutMs = () => (deadline === undefined ? undefined : deadline - Date.now());
  }

  get url(): string {
    return `http://${this.req.authority}${this.req.url}`;
  }

  get responseHeader(): Headers {
    return (this.header ??= new Headers());
  }

  get responseTrailer(): Headers {
    return (this.trailer ??= new Headers());
  }

  /** Headers set by the implementation or an interceptor, if any. */
  setHeaders(): { header: Headers | undefined; trailer: Headers | undefined } {
    return { header: this.header, trailer: this.trailer };
  }

  get signal(): AbortSignal {
    if (this.controller) return this.controller.signal;
    const controller = (this.controller = new AbortController());
    if (this.done) {
      controller.abort();
      return controller.signal;
    }
    const stop = (reason: unknown) => this.abort(reason);
    this.req.once('close', () => stop(undefined));
    if (this.shutdown) {
      if (this.shutdown.aborted) stop(this.shutdown.reason);
      else
        this.shutdown.addEventListener('abort', () => stop(this.shutdown!.reason), {
          signal: controller.signal,
        });
    }
    if (this.deadline !== undefined) {
      const left = this.deadline - Date.now();
      const timedOut = () => stop(new ConnectError('the operation timed out', Code.DeadlineExceeded));
      if (left <= 0) timedOut();
      else this.timer = setTimeout(timedOut, left);
    }
    return controller.signal;
  }

  /** Ends the call (its signal, when one was made, is aborted as connect's is). */
  abort(reason?: unknown): void {
    this.done = true;
    clearTimeout(this.timer);
    if (this.controller && !this.controller.signal.aborted) this.controller.abort(reason);
  }
}

/** The response of a call: status, headers and body (already serialized). */
interface Answer {
  status: number;
  header: http2.OutgoingHttpHeaders;
  body: Uint8Array;
}

export interface UnaryHandlerOptions {
  interceptors: Interceptor[];
  shutdownSignal?: AbortSignal;
  maxTimeoutMs: number;
}

/**
 * Records the unary methods registered on a router (and passes every registration on), and serves
 * them: `handle(req, res)` answers a call it can take and returns true, else returns false and
 * leaves the request untouched for connect-node's adapter.
 */
export class UnaryHandler {
  private readonly routes = new Map<string, Route>();
  private readonly chain: (req: AnyRequest) => Promise<AnyResponse>;

  constructor(private readonly opts: UnaryHandlerOptions) {
    const invoke = async (req: AnyRequest): Promise<AnyResponse> => {
      const ctx = (req as AnyRequest & { [CTX]?: CallContext })[CTX];
      if (!ctx) throw new ConnectError('an interceptor dropped the call context', Code.Internal);
      const route = this.routes.get(`/${req.service.typeName}/${req.method.name}`)!;
      const handlerCtx: HandlerContext =
        req.header === ctx.requestHeader && req.contextValues === ctx.values
          ? ctx
          : {
              method: ctx.method,
              service: ctx.service,
              protocolName: ctx.protocolName,
              requestMethod: ctx.requestMethod,
              timeoutMs: ctx.timeoutMs,
              requestHeader: req.header,
              values: req.contextValues,
              get url() {
                return ctx.url;
              },
              get signal() {
                return req.signal;
              },
              get responseHeader() {
                return ctx.responseHeader;
              },
              get responseTrailer() {
                return ctx.responseTrailer;
              },
            };
      const out = await route.impl(req.message, handlerCtx);
      const message = isMessage(out, req.method.output) ? out : create(req.method.output, out as never);
      const res: AnyResponse & { [CTX]: CallContext } = {
        stream: false,
        service: req.service,
        method: req.method,
        message,
        [CTX]: ctx,
        get header() {
          return ctx.responseHeader;
        },
        get trailer() {
          return ctx.responseTrailer;
        },
      };
      return res;
    };
    this.chain = opts.interceptors.reduceRight<(req: AnyRequest) => Promise<AnyResponse>>(
      (next, interceptor) => interceptor(next as never) as never,
      invoke,
    );
  }

  /** A router that records the unary methods of `router`'s registrations and forwards them. */
  recording(router: ConnectRouter): ConnectRouter {
    const recorder: ConnectRouter = {
      get handlers() {
        return router.handlers;
      },
      service: (service, implementation, options) => {
        if (options === undefined) {
          const spec = createServiceImplSpec(service, implementation);
          for (const m of Object.values(spec.methods))
            if (m.kind === 'unary') this.add(m.method, m.impl as UnaryImpl);
        }
        router.service(service, implementation, options);
        return recorder;
      },
      rpc: (method, impl, options) => {
        if (options === undefined && method.methodKind === 'unary')
          this.add(method as DescMethodUnary, impl as UnaryImpl);
        router.rpc(method, impl, options);
        return recorder;
      },
    };
    return recorder;
  }

  private add(method: DescMethodUnary, impl: UnaryImpl): void {
    this.routes.set(`/${method.parent.typeName}/${method.name}`, { method, impl });
  }

  handle(req: http2.Http2ServerRequest, res: http2.Http2ServerResponse): boolean {
    if (req.method !== 'POST') return false;
    const route = this.routes.get(req.url);
    if (!route) return false;
    const h = req.headers;
    if (h['content-type'] !== 'application/proto') return false;
    const encoding = h['content-encoding'];
    if (encoding !== undefined && encoding !== 'identity') return false;
    const timeoutHeader = h['connect-timeout-ms'];
    if (Array.isArray(timeoutHeader)) return false;
    const timeout = parseTimeout(timeoutHeader ?? null, this.opts.maxTimeoutMs);
    if (timeout.error) return false;
    const accepted = h['accept-encoding'];
    const compression = compressionNegotiate(
      COMPRESSIONS,
      null,
      typeof accepted === 'string' ? accepted : null,
      'Accept-Encoding',
    ).response;
    const deadline = timeout.timeoutMs === undefined ? undefined : Date.now() + timeout.timeoutMs;
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
    });
    req.once('end', () => {
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
      const ctx = new CallContext(
        route.method,
        webHeaders(h),
        createContextValues(),
        req,
        deadline,
        this.opts.shutdownSignal,
      );
      this.answer(route, ctx, body)
        .then((a) => this.send(res, a, compression))
        .catch(() => {
          // the caller went away while the answer was written: nothing is left to tell it
          if (!res.stream.destroyed) res.stream.close(0x2);
        });
    });
    return true;
  }

  private async answer(route: Route, ctx: CallContext, body: Uint8Array): Promise<Answer> {
    try {
      let message;
      try {
        message = fromBinary(route.method.input, body);
      } catch (e) {
        throw new ConnectError(`parse binary: ${e instanceof Error ? e.message : String(e)}`, Code.Internal);
      }
      const req = {
        stream: false as const,
        service: route.method.parent,
        method: route.method,
        requestMethod: 'POST',
        get url() {
          return ctx.url;
        },
        get signal() {
          return ctx.signal;
        },
        header: ctx.requestHeader,
        contextValues: ctx.values,
        message,
        [CTX]: ctx,
      };
      const res = await this.chain(req as unknown as AnyRequest);
      // an interceptor may answer with a response of its own: its headers replace the context's
      const own = (res as AnyResponse & { [CTX]?: CallContext })[CTX] === ctx;
      const { header, trailer } = own ? ctx.setHeaders() : { header: res.header, trailer: res.trailer };
      const answer = toBinary(route.method.output, res.message);
      // the usual answer sets no header of its own: no Headers are built for it
      if (header === undefined && trailer === undefined)
        return { status: 200, header: { 'content-type': 'application/proto' }, body: answer };
      const out = new Headers(header);
      out.set('content-type', 'application/proto');
      return { status: 200, header: nodeHeaders(trailer ? trailerMux(out, trailer) : out), body: answer };
    } catch (e) {
      ctx.abort(e);
      const error =
        e instanceof ConnectError
          ? e
          : new ConnectError('internal error', Code.Internal, undefined, undefined, e);
      const set = ctx.setHeaders();
      const header = new Headers(set.header);
      header.set('content-type', 'application/json');
      error.metadata.forEach((value, key) => header.set(key, value));
      return {
        status: codeToHttpStatus(error.code),
        header: nodeHeaders(set.trailer ? trailerMux(header, set.trailer) : header),
        body: errorToJsonBytes(error, undefined),
      };
    } finally {
      ctx.abort();
    }
  }

  private async send(
    res: http2.Http2ServerResponse,
    a: Answer,
    compression: (typeof COMPRESSIONS)[number] | null,
  ): Promise<void> {
    let body = a.body;
    if (compression && body.byteLength >= COMPRESS_MIN_BYTES) {
      body = await compression.compress(body);
      a.header['content-encoding'] = compression.name;
    }
    if (res.stream.destroyed) return;
    a.header['content-length'] = String(body.byteLength);
    res.writeHead(a.status, a.header);
    res.end(body);
  }
}
