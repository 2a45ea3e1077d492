/**
 * Which proxies in front of the BFF are trusted (TRUST_PROXY), and so which client address a request
 * has. Without a trusted proxy `X-Forwarded-For`, `X-Forwarded-Proto` and `X-Forwarded-Host` are the
 * caller's own text and are ignored: the address is the socket's peer.
 *
 * TRUST_PROXY values:
 * - unset, `0` or `false`: no proxy is trusted;
 * - a hop count `1`..`10`: that many proxies are in front (the Helm chart's Ingress is `1`); the
 *   client is the entry that many places from the right of `X-Forwarded-For`;
 * - a comma-separated list of addresses or CIDR ranges (`10.0.0.0/8,fd00::/8`): the header is read
 *   only when the socket's peer is in the list, from the right, skipping every listed address.
 */
import net from 'node:net';
import { ConfigError } from '@tessera/kit';

export type TrustProxy =
  { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'list'; list: net.BlockList; text: string };

export const MAX_HOPS = 10;
/** Longest `X-Forwarded-For` entry taken as an address. */
const MAX_ENTRY = 64;

function addRange(list: net.BlockList, entry: string): boolean {
  const [addr, bits, extra] = entry.split('/');
  if (addr === undefined || extra !== undefined) return false;
  const family = net.isIPv4(addr) ? 'ipv4' : net.isIPv6(addr) ? 'ipv6' : undefined;
  if (family === undefined) return false;
  if (bits === undefined) {
    list.addAddress(addr, family);
    return true;
  }
  const prefix = Number(bits);
  if (!/^\d{1,3}$/.test(bits) || prefix > (family === 'ipv4' ? 32 : 128)) return false;
  list.addSubnet(addr, prefix, family);
  return true;
}

/** Parses TRUST_PROXY; a wrong value throws ConfigError naming the variable. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const v = raw?.trim() ?? '';
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return { kind: 'none' };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > MAX_HOPS) {
      throw new ConfigError([`TRUST_PROXY must be a hop count from 0 to ${MAX_HOPS} (got '${v}')`]);
    }
    return { kind: 'hops', hops };
  }
  const list = new net.BlockList();
  const bad = v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && !addRange(list, s));
  if (bad.length > 0) {
    throw new ConfigError([
      `TRUST_PROXY must be a hop count or a list of IP addresses or CIDR ranges (bad: '${bad.join("', '").slice(0, 200)}')`,
    ]);
  }
  return { kind: 'list', list, text: v };
}

/** Removes an IPv4-mapped IPv6 prefix (`::ffff:10.0.0.1`), so lists and counters see one form. */
export function plainAddress(addr: string): string {
  return addr.startsWith('::ffff:') && net.isIPv4(addr.slice(7)) ? addr.slice(7) : addr;
}

function inList(list: net.BlockList, addr: string): boolean {
  const plain = plainAddress(addr);
  if (net.isIPv4(plain)) return list.check(plain, 'ipv4');
  if (net.isIPv6(plain)) return list.check(plain, 'ipv6');
  return false;
}

/**
 * Whether the request came through a trusted proxy, so its `X-Forwarded-*` headers may be read.
 * A hop count trusts every peer (the deployment guarantees only the proxy reaches the BFF, as the
 * chart's NetworkPolicy does); a list trusts only the listed peers.
 */
export function fromTrustedProxy(trust: TrustProxy, remote: string | undefined): boolean {
  if (trust.kind === 'none') return false;
  if (trust.kind === 'hops') return true;
  return remote !== undefined && inList(trust.list, remote);
}

/** The client's address from the socket's peer and the `X-Forwarded-For` header. */
export function clientAddress(trust: TrustProxy, remote: string | undefined, xff: string): string {
  const peer = plainAddress(remote ?? 'unknown');
  if (trust.kind === 'none' || !fromTrustedProxy(trust, remote) || xff === '') return peer;
  const chain = xff
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (trust.kind === 'hops') {
    // the proxies appended `hops` entries; the left-most of those is the client as the outer one saw it
    const entry = chain.length >= trust.hops ? chain[chain.length - trust.hops] : chain[0];
    return entry !== undefined && entry.length <= MAX_ENTRY ? plainAddress(entry) : peer;
  }
  // a list: walk from the right past every trusted proxy; the first other entry is the client
  for (let i = chain.length - 1; i >= 0; i--) {
    const entry = chain[i]!;
    if (entry.length > MAX_ENTRY || !net.isIP(plainAddress(entry))) return peer;
    if (!inList(trust.list, entry)) return plainAddress(entry);
  }
  return chain.length > 0 ? plainAddress(chain[0]!) : peer;
}
