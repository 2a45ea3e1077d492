/**
 * Who may publish and read which subjects on the broker: the event permissions of the trust table
 * (`EVENT_PERMISSIONS`, @tessera/facts/trust), with NATS's wildcards (`*` one token, a trailing `>`
 * one or more). A caller reads a pattern only when every subject it matches is within one of the
 * caller's subscribe patterns. Pure: no I/O.
 */
import { EVENT_PERMISSIONS } from '@tessera/facts/trust';

export interface EventAccess {
  /** May `caller` publish to the literal `subject`? */
  mayPublish(caller: string | undefined, subject: string): boolean;
  /** May `caller` read every subject that `patterns` match? */
  mayRead(caller: string | undefined, patterns: readonly string[]): boolean;
}

/** True when every subject `pattern` matches is also matched by `allowed`. */
export function patternWithin(pattern: string, allowed: string): boolean {
  const p = pattern.split('.');
  const a = allowed.split('.');
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '>') return p.length > i; // `>` needs at least one token; `p[i]` may be anything
    if (i >= p.length) return false;
    if (p[i] === '>') return false; // p matches more tokens than a literal or `*` allows
    if (a[i] === '*') continue; // a literal or `*` in p is within `*`
    if (p[i] !== a[i]) return false; // a literal in a, p has another literal or `*`
  }
  return p.length === a.length;
}

type Table = Record<string, { publish: readonly string[]; subscribe: readonly string[] }>;

/** Access by a table of event permissions (default: the trust table). An unknown caller may nothing. */
export function tableAccess(table: Table = EVENT_PERMISSIONS): EventAccess {
  const entry = (caller: string | undefined) =>
    caller !== undefined && Object.hasOwn(table, caller) ? table[caller] : undefined;
  return {
    mayPublish: (caller, subject) =>
      entry(caller)?.publish.some((allowed) => patternWithin(subject, allowed)) ?? false,
    mayRead: (caller, patterns) => {
      const e = entry(caller);
      return (
        e !== undefined && patterns.every((p) => e.subscribe.some((allowed) => patternWithin(p, allowed)))
      );
    },
  };
}

/**
 * Everyone may everything: only for a broker started without caller identities (tests of the
 * broker's own semantics, `startBrokerServer` without trust). The broker process never uses it.
 */
export const OPEN_ACCESS: EventAccess = { mayPublish: () => true, mayRead: () => true };
