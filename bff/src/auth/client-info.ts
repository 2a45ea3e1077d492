import type { Context } from 'koa';

/**
 * The caller's address. The BFF runs behind one trusted proxy (ingress, or none under `npm start`):
 * the right-most `X-Forwarded-For` entry is the one that proxy added; entries further left are
 * whatever the client claimed and are ignored. Without the header, the socket's address.
 */
export function clientIp(ctx: Pick<Context, 'get' | 'socket'>): string {
  const xff = ctx.get('x-forwarded-for');
  if (xff !== '') {
    const last = xff
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .pop();
    if (last !== undefined && last.length <= 64) return last;
  }
  return ctx.socket.remoteAddress ?? 'unknown';
}

/** `ClientInfo` for identity calls (throttling and audit only). */
export function clientInfo(ctx: Pick<Context, 'get' | 'socket'>): { ip: string; userAgent: string } {
  return { ip: clientIp(ctx), userAgent: ctx.get('user-agent').slice(0, 256) };
}
