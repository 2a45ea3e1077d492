/**
 * The services the CLI talks to, and the ONE function that makes its transports. The CLI calls as the
 * `ops` caller of the trust table (`@tessera/facts/trust`): main.ts loads that identity, and the
 * kit's peer transport made in `opsTransport` attaches its service token to every call.
 */
import {
  Code,
  ConnectError,
  createClient,
  type Client,
  type Interceptor,
  type Transport,
} from '@connectrpc/connect';
import { SERVICES, SERVICE_PORTS, type ServiceName } from '@tessera/facts/ports';
import { createPeerTransport, readEnv, type CallerIdentity } from '@tessera/kit';
import { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { PaymentService } from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import { SubmissionService } from '@tessera/proto/tessera/submission/v1/submission_pb.js';

/** The caller name of the operator CLI in the trust table. */
export const OPS_CALLER = 'ops';

export interface OpsSettings {
  urls: Record<ServiceName, string>;
  timeoutMs: number;
}

/**
 * `<SERVICE>_URL` (as every process reads it), else `TESSERA_PORT_BASE` + the service's place in the
 * port table (as `npm start` assigns them), else the port table's default on 127.0.0.1.
 * `RPC_TIMEOUT_MS` bounds each call (default 30 s: rasterising an artwork takes a while; at most
 * 60 s, the longest deadline a service accepts: the kit's server refuses longer ones).
 */
export function readSettings(env: Record<string, string | undefined>): OpsSettings {
  const e = readEnv(env);
  const base = e.int('TESSERA_PORT_BASE', { default: 0, min: 0, max: 65_000 });
  const urls = Object.fromEntries(
    SERVICES.map((s, i) => [
      s,
      e.url(
        `${s.toUpperCase()}_URL`,
        ['http', 'https'],
        `http://127.0.0.1:${base ? base + i : SERVICE_PORTS[s]}`,
      )!,
    ]),
  ) as Record<ServiceName, string>;
  const timeoutMs = e.int('RPC_TIMEOUT_MS', { default: 30_000, min: 1, max: 60_000 });
  e.done();
  return { urls, timeoutMs };
}

/** Metadata key naming the service (and URL) that did not answer, set by `reachability`. */
export const UNREACHABLE = 'ops-unreachable';

/** Names the service and its URL when a call finds nobody answering (a clear message for the operator). */
function reachability(url: string): Interceptor {
  return (next) => async (req) => {
    try {
      return await next(req);
    } catch (err) {
      const ce = ConnectError.from(err);
      if (ce.code !== Code.Unavailable && ce.code !== Code.DeadlineExceeded) throw err;
      const service = /^tessera\.(\w+)\./.exec(req.service.typeName)?.[1] ?? req.service.typeName;
      const meta = new Headers({ [UNREACHABLE]: `the ${service} service at ${url}` });
      throw new ConnectError(ce.rawMessage, ce.code, meta, undefined, err);
    }
  };
}

/** Every transport of the CLI is made here (the place for the `ops` identity). */
export function opsTransport(
  url: string,
  settings: Pick<OpsSettings, 'timeoutMs'>,
  identity?: CallerIdentity,
): Transport {
  return createPeerTransport(url, {
    timeoutMs: settings.timeoutMs,
    interceptors: [reachability(url)],
    identity,
  });
}

export interface OpsClients {
  canvas: Client<typeof CanvasService>;
  payment: Client<typeof PaymentService>;
  submission: Client<typeof SubmissionService>;
}

export function opsClients(settings: OpsSettings, identity?: CallerIdentity): OpsClients {
  const { urls } = settings;
  return {
    canvas: createClient(CanvasService, opsTransport(urls.canvas, settings, identity)),
    payment: createClient(PaymentService, opsTransport(urls.payment, settings, identity)),
    submission: createClient(SubmissionService, opsTransport(urls.submission, settings, identity)),
  };
}
