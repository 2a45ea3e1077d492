/**
 * Tables of bad input, shared by the suites: malformed bodies, wrong JSON shapes, bad values of
 * each string field, bad path and query values, bad bearer tokens, bad cookies and CSRF failures.
 */
import { UnsecuredJWT, SignJWT, decodeProtectedHeader } from 'jose';
import type { Req } from '../../testing/raw-http.js';

export type Want = { status?: number; code?: string };

export interface BodyCase {
  name: string;
  body: unknown;
  headers?: Record<string, string>;
  want?: Want;
}

const MiB = 1024 * 1024;
/** 1 MiB of text: the body it sits in is over the BFF's 1 MiB limit. */
export const HUGE = 'h'.repeat(MiB);
/** Far over every field's limit, far under the body limit. */
export const LONG = 'l'.repeat(20_000);

const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const BAD_JSON = { status: 400, code: 'BAD_REQUEST' };
const TOO_LARGE = { status: 413, code: 'PAYLOAD_TOO_LARGE' };
const UNSUPPORTED = { status: 415 };

/** Bodies no route may accept: not JSON, not UTF-8 JSON, too large, or not declared as JSON. */
export function malformedBodies(valid: Record<string, unknown>): BodyCase[] {
  const text = JSON.stringify(valid);
  return [
    { name: 'truncated JSON', body: text.slice(0, -3), want: BAD_JSON },
    { name: 'unquoted keys', body: '{email: 1}', want: BAD_JSON },
    { name: 'single quotes', body: "{'email': 'a@b.co'}", want: BAD_JSON },
    { name: 'NaN literal', body: '{"email": NaN}', want: BAD_JSON },
    { name: 'two documents', body: `${text} ${text}`, want: BAD_JSON },
    { name: 'byte-order mark', body: `\ufeff${text}`, want: BAD_JSON },
    { name: 'invalid UTF-8', body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0xc3]), want: BAD_JSON },
    { name: 'UTF-16 JSON', body: Buffer.from(text, 'utf16le'), want: BAD_JSON },
    { name: 'NUL bytes', body: Buffer.from([0x7b, 0, 0, 0x7d]), want: BAD_JSON },
    { name: '2 MiB body', body: JSON.stringify({ ...valid, pad: HUGE + HUGE }), want: TOO_LARGE },
    {
      name: '2 MiB chunked body',
      body: JSON.stringify({ ...valid, pad: HUGE + HUGE }),
      headers: { 'transfer-encoding': 'chunked' },
      want: TOO_LARGE,
    },
    { name: 'text/plain', body: text, headers: { 'content-type': 'text/plain' }, want: UNSUPPORTED },
    {
      name: 'form-encoded',
      body: 'email=a%40b.co&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      want: UNSUPPORTED,
    },
    {
      name: 'multipart',
      body: '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      want: UNSUPPORTED,
    },
    {
      name: 'XML',
      body: '<email>a@b.co</email>',
      headers: { 'content-type': 'application/xml' },
      want: UNSUPPORTED,
    },
    { name: 'no content type', body: text, headers: { 'content-type': '' }, want: UNSUPPORTED },
    { name: 'garbage content type', body: text, headers: { 'content-type': ';;;/\\' }, want: UNSUPPORTED },
  ];
}

/** JSON that parses but is not an object carrying the fields. */
export function wrongShapes(valid: Record<string, unknown>): BodyCase[] {
  const [first] = Object.keys(valid);
  return [
    { name: 'empty body', body: '' },
    { name: 'null', body: 'null' },
    { name: 'empty object', body: {} },
    { name: 'array', body: [valid] },
    { name: 'string', body: '"a@b.co"' },
    { name: 'number', body: '42' },
    { name: 'boolean', body: 'true' },
    { name: 'array nested 100000 deep', body: deepArray(100_000) },
    { name: 'object nested 50000 deep', body: deepObject(50_000) },
    { name: '__proto__ carries the fields', body: `{"__proto__": ${JSON.stringify(valid)}}` },
    {
      name: 'constructor carries the fields',
      body: `{"constructor": {"prototype": ${JSON.stringify(valid)}}}`,
    },
    {
      name: 'duplicate key, last one a number',
      body: `{${JSON.stringify(valid).slice(1, -1)}, "${first}": 5}`,
    },
  ];
}

/** Values that are wrong for any of the string fields (missing, wrong type, empty, too long, control characters). */
export function fieldCases(valid: () => Record<string, unknown>): BodyCase[] {
  const cases: BodyCase[] = [];
  const fields = Object.keys(valid());
  const values: [string, unknown][] = [
    ['a number', 42],
    ['a float', 1.5],
    ['a negative number', -1],
    ['1e308', 1e308],
    ['an array', ['a@b.co']],
    ['an empty array', []],
    ['an object', { value: 'a@b.co' }],
    ['null', null],
    ['true', true],
    ['empty', ''],
    ['blank', '  \t '],
    ['20 kB', LONG],
    ['a NUL byte', '\u0000'],
    ['control characters', '\u0001\u0007\u001b[2J'],
    ['a lone surrogate', '\ud800'],
  ];
  for (const field of fields) {
    for (const [what, value] of values) {
      cases.push({ name: `${field} is ${what}`, body: { ...valid(), [field]: value } });
    }
    const missing = valid();
    delete missing[field];
    cases.push({ name: `${field} is missing`, body: missing });
    cases.push({ name: `${field} is 1 MiB`, body: { ...valid(), [field]: HUGE }, want: TOO_LARGE });
    cases.push({
      name: `${field} is an object nested 5000 deep`,
      body: JSON.stringify({ ...valid(), [field]: '__DEEP__' }).replace('"__DEEP__"', deepObject(5000)),
    });
  }
  return cases;
}

/** A body case as a request (JSON unless raw). */
export function bodyRequest(method: string, path: string, c: BodyCase): Req {
  return { method, path, body: c.body, headers: c.headers };
}

export interface HeaderCase {
  name: string;
  /** The Authorization header (undefined: none). */
  authorization?: string;
  want: Want;
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** Bearer headers that must all be refused with 401 (the genuine token is of a real user). */
export async function badBearers(
  genuine: string,
  keys: { issuer: string; audience: string; jwksJson: string },
): Promise<HeaderCase[]> {
  const [h, p] = genuine.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
  const kid = decodeProtectedHeader(genuine).kid;
  const none = new UnsecuredJWT({ ...claims }).encode();
  const publicJwk = (JSON.parse(keys.jwksJson) as { keys: Record<string, unknown>[] }).keys[0];
  // "alg confusion": HS256 keyed with the published public key
  const hs = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', kid })
    .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
  const invalid = { status: 401, code: 'INVALID_TOKEN' };
  const missing = { status: 401, code: 'UNAUTHORIZED' };
  return [
    { name: 'no Authorization', want: missing },
    { name: 'Basic credentials', authorization: 'Basic dXNlcjpwYXNz', want: missing },
    { name: 'a bare token without scheme', authorization: genuine, want: missing },
    { name: 'Bearer with nothing', authorization: 'Bearer', want: invalid },
    { name: 'Bearer and spaces', authorization: 'Bearer    ', want: invalid },
    { name: 'Bearer garbage', authorization: 'Bearer garbage', want: invalid },
    { name: 'Bearer a.b.c', authorization: 'Bearer a.b.c', want: invalid },
    { name: 'Bearer ..', authorization: 'Bearer ..', want: invalid },
    { name: 'alg none token', authorization: `Bearer ${none}`, want: invalid },
    { name: 'alg none with a signature', authorization: `Bearer ${none}c2ln`, want: invalid },
    { name: 'alg NONE header', authorization: `Bearer ${b64({ alg: 'NONE' })}.${p}.`, want: invalid },
    { name: 'HS256 keyed with the public key', authorization: `Bearer ${hs}`, want: invalid },
    { name: 'truncated JWT', authorization: `Bearer ${genuine.slice(0, -12)}`, want: invalid },
    { name: 'JWT without signature', authorization: `Bearer ${h}.${p}.`, want: invalid },
    {
      name: 'JWT with another subject',
      authorization: `Bearer ${h}.${b64({ ...claims, sub: 'someone-else' })}.${genuine.split('.')[2]}`,
      want: invalid,
    },
    {
      name: 'JWT with a far expiry',
      authorization: `Bearer ${h}.${b64({ ...claims, exp: 4102444800 })}.${genuine.split('.')[2]}`,
      want: invalid,
    },
    {
      name: 'header not JSON',
      authorization: `Bearer ${Buffer.from('nope').toString('base64url')}.${p}.x`,
      want: invalid,
    },
    { name: 'header a JSON array', authorization: `Bearer ${b64([1])}.${p}.x`, want: invalid },
    {
      name: 'unknown kid',
      authorization: `Bearer ${b64({ alg: 'ES256', kid: 'k'.repeat(500) })}.${p}.x`,
      want: invalid,
    },
    {
      name: '9 kB token',
      authorization: `Bearer ${'a'.repeat(3000)}.${'b'.repeat(3000)}.${'c'.repeat(3000)}`,
      want: invalid,
    },
    { name: 'token and trailing junk', authorization: `Bearer ${genuine} junk`, want: invalid },
    { name: 'two tokens', authorization: `Bearer ${genuine}, Bearer ${genuine}`, want: invalid },
    { name: 'latin-1 bytes', authorization: 'Bearer \u00ff\u00fe.\u00e9.\u00e0', want: invalid },
  ];
}

/** Cookie headers that carry no usable refresh token (the session-id cookie is added by the caller). */
export const BAD_REFRESH_COOKIES: [string, string][] = [
  ['no refresh cookie', ''],
  ['garbage token', 'tessera_rt=garbage'],
  ['1024-character token', `tessera_rt=${'t'.repeat(1024)}`],
  ['2000-character token', `tessera_rt=${'t'.repeat(2000)}`],
  ['percent-encoded garbage', 'tessera_rt=%E0%A4%A%zz'],
  ['quoted value', 'tessera_rt="abc"'],
  ['latin-1 bytes', 'tessera_rt=\u00ff\u00fe'],
  ['empty value', 'tessera_rt='],
  ['name only', 'tessera_rt'],
  ['twice', 'tessera_rt=a; tessera_rt=b'],
  ['separators only', ';;;=;=;'],
  ['secure name over http', '__Host-tessera_rt=abc'],
  ['8 kB of cookies', Array.from({ length: 400 }, (_, i) => `c${i}=${'v'.repeat(12)}`).join('; ')],
];

export interface CsrfCase {
  name: string;
  /** Headers replacing the browser's own. */
  headers: (own: { token: string; sid: string; base: string; otherToken: string }) => Record<string, string>;
  /** Also refused where the CSRF token is not required (origin checks). */
  originCheck?: boolean;
}

const same = (o: { base: string }) => ({ origin: o.base, 'sec-fetch-site': 'same-origin' });

/**
 * The session cookie and its genuine token with the given origin headers: refused by the origin
 * check, also where no CSRF token is required.
 */
function crossOrigin(name: string, origin: (own: { base: string }) => Record<string, string>): CsrfCase {
  return {
    name,
    originCheck: true,
    headers: (o) => ({ ...origin(o), cookie: `tessera_sid=${o.sid}`, 'x-csrf-token': o.token }),
  };
}

/** Every way a state-changing call must be refused with 403 CSRF_INVALID. */
export const CSRF_CASES: CsrfCase[] = [
  { name: 'no token', headers: (o) => ({ ...same(o), cookie: `tessera_sid=${o.sid}` }) },
  {
    name: 'empty token',
    headers: (o) => ({ ...same(o), cookie: `tessera_sid=${o.sid}`, 'x-csrf-token': '' }),
  },
  {
    name: 'garbage token',
    headers: (o) => ({ ...same(o), cookie: `tessera_sid=${o.sid}`, 'x-csrf-token': 'garbage' }),
  },
  {
    name: '200-character token',
    headers: (o) => ({ ...same(o), cookie: `tessera_sid=${o.sid}`, 'x-csrf-token': 'a'.repeat(200) }),
  },
  {
    name: 'forged well-formed token',
    headers: (o) => ({
      ...same(o),
      cookie: `tessera_sid=${o.sid}`,
      'x-csrf-token': `${(Date.now() + 600_000).toString(36)}.${'A'.repeat(43)}`,
    }),
  },
  {
    name: 'token with a huge expiry',
    headers: (o) => ({
      ...same(o),
      cookie: `tessera_sid=${o.sid}`,
      'x-csrf-token': `zzzzzzzzzzzz.${'A'.repeat(43)}`,
    }),
  },
  {
    name: 'token of another session',
    headers: (o) => ({ ...same(o), cookie: `tessera_sid=${o.sid}`, 'x-csrf-token': o.otherToken }),
  },
  { name: 'token without the session cookie', headers: (o) => ({ ...same(o), 'x-csrf-token': o.token }) },
  {
    name: 'token with a garbage session cookie',
    headers: (o) => ({ ...same(o), cookie: 'tessera_sid=%00%zz', 'x-csrf-token': o.token }),
  },
  crossOrigin('cross-site origin', () => ({ origin: 'https://evil.example' })),
  crossOrigin('Sec-Fetch-Site cross-site', (o) => ({ origin: o.base, 'sec-fetch-site': 'cross-site' })),
  crossOrigin('Origin null', () => ({ origin: 'null' })),
  crossOrigin('Origin not a URL', () => ({ origin: '::not a url::' })),
  crossOrigin('Origin on another port', () => ({ origin: 'http://127.0.0.1:1' })),
  crossOrigin('same-site without an origin', () => ({ 'sec-fetch-site': 'same-site' })),
];

/** Path or query values that are not a non-negative decimal integer. */
export const BAD_INDEXES: string[] = [
  'abc',
  '-1',
  '1.5',
  '1e2',
  '0x1f',
  'NaN',
  'Infinity',
  '+1',
  '%20%201',
  '1%00',
  '%00',
  '%zz',
  '2147483648',
  '99999999999999999999',
  '9'.repeat(5000),
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%C3%A9',
  '%F0%9F%98%80',
];
