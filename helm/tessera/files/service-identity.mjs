#!/usr/bin/env node
// The service identity of a Tessera release: an Ed25519 key pair per process (SERVICE_KEY_<PROCESS>,
// PKCS#8 PEM), the JWKS of their public keys (SERVICE_JWKS, kid `<process>:<RFC 7638 thumbprint>`)
// and a NATS password per bus user (NATS_PASSWORD_<PROCESS>). Node built-ins only: the chart ships
// this file in a ConfigMap and its pre-install/pre-upgrade hook Job runs it with the identity image's
// node; `scripts/service-keys.mjs` imports it to print the same data as Helm values.
//
//   node service-identity.mjs --secret NAME --processes identity,canvas,...,ops --nats identity,...
//       [--namespace NS] [--label key=value ...]
//     In a pod (its service account token): creates Secret NAME when it does not exist; otherwise
//     adds only what is missing (a process added since) and leaves every existing key and password
//     as it is, so a `helm upgrade` never changes them. Prints key names only, never values.
//   node service-identity.mjs --print --processes ... --nats ...
//     Prints a new set as JSON (the Secret's data, not encoded).
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const JWKS_KEY = 'SERVICE_JWKS';
const KEY_PREFIX = 'SERVICE_KEY_';
const NATS_PREFIX = 'NATS_PASSWORD_';
const OWNER = /^[a-z][a-z0-9-]{0,31}$/;

export const serviceKeyName = (process) => `${KEY_PREFIX}${process.toUpperCase()}`;
export const natsPasswordName = (process) => `${NATS_PREFIX}${process.toUpperCase()}`;

/** The public JWK of a process's private key (PEM), as the kit publishes and verifies it. */
export function publicJwkOf(owner, privateKeyPem) {
  const { x } = createPublicKey(createPrivateKey(privateKeyPem)).export({ format: 'jwk' });
  const thumbprint = createHash('sha256')
    .update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`)
    .digest('base64url');
  return { kty: 'OKP', crv: 'Ed25519', x, kid: `${owner}:${thumbprint}`, alg: 'EdDSA', use: 'sig' };
}

function newPrivateKeyPem() {
  // encoded output only: no KeyObject shares its key with the generation job (see the kit's keys.ts)
  return generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
}

/** Letters and digits, starting with a letter: nats-server reads it from its environment. */
const newNatsPassword = () => `n${randomBytes(24).toString('hex')}`;

/**
 * `existing` completed for `processes` and the NATS users `natsUsers`: every key and password already
 * there is kept; only missing ones are generated; SERVICE_JWKS is derived from every SERVICE_KEY_*.
 * Returns the data and the names of the keys that were added or changed.
 */
export function completeIdentity(existing, processes, natsUsers) {
  const data = { ...existing };
  const changed = [];
  for (const p of processes) {
    if (!OWNER.test(p)) throw new Error(`invalid process name '${p}'`);
    if (!data[serviceKeyName(p)]) {
      data[serviceKeyName(p)] = newPrivateKeyPem();
      changed.push(serviceKeyName(p));
    }
  }
  for (const p of natsUsers) {
    if (!data[natsPasswordName(p)]) {
      data[natsPasswordName(p)] = newNatsPassword();
      changed.push(natsPasswordName(p));
    }
  }
  const owners = Object.keys(data)
    .filter((k) => k.startsWith(KEY_PREFIX))
    .sort();
  const keys = owners.map((k) => {
    try {
      return publicJwkOf(k.slice(KEY_PREFIX.length).toLowerCase(), data[k]);
    } catch (err) {
      throw new Error(`${k} in the Secret is not an Ed25519 private key (${err.message}); not replacing it`);
    }
  });
  const jwks = JSON.stringify({ keys });
  if (data[JWKS_KEY] !== jwks) {
    data[JWKS_KEY] = jwks;
    changed.push(JWKS_KEY);
  }
  return { data, changed };
}

// ---------------------------------------------------------------- the Kubernetes API (in a pod)

const SA_DIR = process.env.SERVICEACCOUNT_DIR || '/var/run/secrets/kubernetes.io/serviceaccount';

function apiBase() {
  if (process.env.KUBERNETES_API) return process.env.KUBERNETES_API.replace(/\/$/, '');
  const host = process.env.KUBERNETES_SERVICE_HOST;
  if (!host) throw new Error('not in a pod: KUBERNETES_SERVICE_HOST is not set');
  return `https://${host.includes(':') ? `[${host}]` : host}:${process.env.KUBERNETES_SERVICE_PORT || '443'}`;
}

/** One call to the API server with the pod's service account token. */
function api(method, urlPath, body) {
  const url = new URL(apiBase() + urlPath);
  const secure = url.protocol === 'https:';
  const token = fs.readFileSync(path.join(SA_DIR, 'token'), 'utf8').trim();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(
      url,
      {
        method,
        ca: secure ? fs.readFileSync(path.join(SA_DIR, 'ca.crt')) : undefined,
        timeout: 30_000,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode, json, text });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath}: no answer in 30 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

const encode = (data) =>
  Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v).toString('base64')]));
const decode = (data = {}) =>
  Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]));

/**
 * Makes Secret `name` in `namespace` hold the identity of `processes`: created when absent,
 * completed when a process is new, left alone otherwise. Returns what it did.
 */
export async function ensureIdentitySecret({
  name,
  namespace,
  processes,
  natsUsers,
  labels = {},
  log = console.log,
}) {
  const item = `/api/v1/namespaces/${encodeURIComponent(namespace)}/secrets/${encodeURIComponent(name)}`;
  for (let attempt = 1; attempt <= 5; attempt++) {
    const got = await api('GET', item);
    if (got.status === 404) {
      const { data } = completeIdentity({}, processes, natsUsers);
      const body = {
        apiVersion: 'v1',
        kind: 'Secret',
        type: 'Opaque',
        metadata: { name, namespace, labels },
        data: encode(data),
      };
      const res = await api('POST', `/api/v1/namespaces/${encodeURIComponent(namespace)}/secrets`, body);
      if (res.status === 201 || res.status === 200) {
        log(`created Secret ${name}: ${Object.keys(data).sort().join(', ')}`);
        return { action: 'created', keys: Object.keys(data).sort() };
      }
      if (res.status !== 409) throw new Error(`creating Secret ${name}: HTTP ${res.status} ${res.text}`);
    } else if (got.status === 200) {
      const { data, changed } = completeIdentity(decode(got.json?.data), processes, natsUsers);
      if (changed.length === 0) {
        log(`Secret ${name} already holds every key: left as it is`);
        return { action: 'kept', keys: [] };
      }
      const body = { ...got.json, data: encode(data) };
      delete body.stringData;
      const res = await api('PUT', item, body);
      if (res.status === 200) {
        log(`completed Secret ${name}: ${changed.join(', ')}`);
        return { action: 'completed', keys: changed };
      }
      if (res.status !== 409) throw new Error(`updating Secret ${name}: HTTP ${res.status} ${res.text}`);
    } else {
      throw new Error(`reading Secret ${name}: HTTP ${got.status} ${got.text}`);
    }
    log(`Secret ${name} changed meanwhile (attempt ${attempt}), trying again`);
  }
  throw new Error(`Secret ${name} kept changing: gave up after 5 attempts`);
}

// ---------------------------------------------------------------- command line

function parseArgs(argv) {
  const out = { labels: {}, processes: [], natsUsers: [] };
  const list = (v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--print') out.print = true;
    else if (a === '--secret') out.secret = next();
    else if (a === '--namespace') out.namespace = next();
    else if (a === '--processes') out.processes = list(next());
    else if (a === '--nats') out.natsUsers = list(next());
    else if (a === '--label') {
      const [k, ...v] = next().split('=');
      out.labels[k] = v.join('=');
    } else throw new Error(`unknown argument ${a}`);
  }
  if (out.processes.length === 0) throw new Error('--processes names no process');
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.print) {
    process.stdout.write(`${JSON.stringify(completeIdentity({}, args.processes, args.natsUsers).data)}\n`);
    return;
  }
  if (!args.secret) throw new Error('--secret (or --print) is required');
  const namespace = args.namespace ?? fs.readFileSync(path.join(SA_DIR, 'namespace'), 'utf8').trim();
  await ensureIdentitySecret({
    name: args.secret,
    namespace,
    processes: args.processes,
    natsUsers: args.natsUsers,
    labels: args.labels,
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(`service-identity: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
