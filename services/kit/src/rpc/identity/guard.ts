/**
 * The interceptors of service identity. Client side: every call carries `authorization: Bearer
 * <service token>` signed by the calling process for the process it calls. Server side: a call
 * without a valid token is refused with `unauthenticated`, a caller the trust table does not allow
 * with `permission_denied`; both are logged (warn, with caller and method) and recorded on the span.
 * grpc.health.v1 stays open to any caller (probes).
 */
import { Code, createContextKey, type ConnectError, type Interceptor } from '@connectrpc/connect';
import { trace } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { SERVICES, type ServiceName } from '@tessera/facts/ports';
import { EVENT_PERMISSIONS, mayCall } from '@tessera/facts/trust';
import { BrokerService } from '@tessera/proto/tessera/bus/v1/broker_pb.js';
import { Health } from '@tessera/proto/grpc/health/v1/health_pb.js';
import { callerRefused } from '../../errors/app-error.js';
import type { CallerIdentity } from './identity.js';
import type { TokenVerifier } from './tokens.js';
import { TokenRefused } from './tokens.js';

/** The verified caller of the call being handled (`ctx.values.get(CALLER)` in a handler). */
export const CALLER = createContextKey<string | undefined>(undefined, { description: 'tessera caller' });

/**
 * The process that serves a proto service: `tessera.<service>.v1.*` -> `<service>`, the event
 * broker's `tessera.bus.v1.BrokerService` -> `broker`; undefined for anything else (health).
 */
export function audienceOf(typeName: string): string | undefined {
  if (typeName === BrokerService.typeName) return 'broker';
  const m = /^tessera\.([a-z]+)\.v\d+\./.exec(typeName);
  return m && (SERVICES as readonly string[]).includes(m[1]!) ? m[1] : undefined;
}

/** Client side: attaches the token of the identity `identity()` returns (none: the call goes without). */
export function attachIdentity(identity: () => CallerIdentity | undefined): Interceptor {
  return (next) => async (req) => {
    const id = identity();
    const audience = audienceOf(req.service.typeName);
    if (id && audience) {
      const token = await id.tokenFor({ audience, service: req.service.typeName, method: req.method.name });
      req.header.set('authorization', `Bearer ${token}`);
    }
    return next(req);
  };
}

/** What a server accepts: whose tokens (the verifier) and which caller may call which method. */
export interface RpcTrust {
  verifier: TokenVerifier;
  allows(caller: string, service: string, method: string): boolean;
}

/** A service's trust: the methods of its own contract, for the callers `RPC_CALLERS` lists. */
export function serviceTrust(self: ServiceName, verifier: TokenVerifier): RpcTrust {
  if (verifier.self !== self) throw new Error(`the verifier of '${verifier.self}' cannot guard '${self}'`);
  return {
    verifier,
    allows: (caller, service, method) => audienceOf(service) === self && mayCall(caller, self, method),
  };
}

/**
 * The event broker's trust: the processes that have event permissions may call it; what they may
 * publish and read is checked per subject by the broker service (`EVENT_PERMISSIONS`).
 */
export function brokerTrust(verifier: TokenVerifier): RpcTrust {
  if (verifier.self !== 'broker')
    throw new Error(`the verifier of '${verifier.self}' cannot guard the broker`);
  return {
    verifier,
    allows: (caller, service) =>
      service === BrokerService.typeName && Object.hasOwn(EVENT_PERMISSIONS, caller),
  };
}

const BEARER = /^Bearer ([A-Za-z0-9_.-]+)$/;

/** Server side: verifies the caller's token and asks `trust` whether it may call the method. */
export function requireCaller(trust: RpcTrust, logger: Logger): Interceptor {
  return (next) => async (req) => {
    if (req.service.typeName === Health.typeName) return next(req);
    const rpc = `${req.service.typeName}/${req.method.name}`;
    const span = trace.getActiveSpan();
    const refuse = (
      code: Code.Unauthenticated | Code.PermissionDenied,
      reason: string,
      caller?: string,
    ): never => {
      logger.warn({ rpc, caller: caller ?? null, reason }, `rpc refused: ${reason}`);
      span?.setAttributes({
        'tessera.caller': caller ?? '',
        'tessera.refused': code === Code.Unauthenticated ? 'unauthenticated' : 'permission_denied',
      });
      throw callerRefused(code, reason);
    };
    const token = BEARER.exec(req.header.get('authorization') ?? '')?.[1];
    if (!token) return refuse(Code.Unauthenticated, 'no service token');
    let caller: string;
    try {
      caller = await trust.verifier.verify(token);
    } catch (err) {
      if (err instanceof TokenRefused) return refuse(Code.Unauthenticated, err.message);
      throw err;
    }
    if (!trust.allows(caller, req.service.typeName, req.method.name))
      return refuse(Code.PermissionDenied, `'${caller}' may not call ${rpc}`, caller);
    span?.setAttribute('tessera.caller', caller);
    req.contextValues.set(CALLER, caller);
    return next(req);
  };
}

/** Refuses a call that the caller's identity does not allow (used by the broker per subject). */
export function permissionDenied(reason: string): ConnectError {
  return callerRefused(Code.PermissionDenied, reason);
}
