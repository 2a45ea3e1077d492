import type { Context } from 'koa';

/**
 * The caller's address: `X-Forwarded-For` is read only when a trusted proxy is configured
 * (TRUST_PROXY; `proxyHeaders` in ../hardening sets `ctx.state.clientIp`), else the socket's address.
 */
export function clientIp(ctx: Pick<Context, 'socket' | 'state'>): string {
  const ip: unknown = ctx.state.clientIp;
  return typeof ip === 'string' ? ip : (ctx.socket.remoteAddress ?? 'unknown');
}

/** `ClientInfo` for identity calls (throttling and audit only). */
export function clientInfo(ctx: Pick<Context, 'get' | 'socket' | 'state'>): {
  ip: string;
  userAgent: string;
} {
  return { ip: clientIp(ctx), userAgent: ctx.get('user-agent').slice(0, 256) };
}
