// The chart's service-identity hook Job as the tests run it: its script (from the rendered
// ConfigMap), its arguments (from the rendered Job), and a small in-memory Kubernetes API that
// serves the Secret calls the script makes (GET, POST, PUT with resourceVersion conflicts), with a
// service account directory (token, namespace) like the one a pod gets.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Manifest } from './helm.js';

interface JobSpec {
  template: { spec: { containers: { command: string[]; args: string[] }[] } };
}

export function jobOf(m: readonly Manifest[]): Manifest {
  const jobs = m.filter((x) => x.kind === 'Job');
  if (jobs.length !== 1) throw new Error(`expected one Job in the rendered chart, found ${jobs.length}`);
  return jobs[0]!;
}

/** The command and arguments of the rendered Job's container. */
export function jobCommand(m: readonly Manifest[]): { command: string[]; args: string[] } {
  const c = (jobOf(m).spec as unknown as JobSpec).template.spec.containers[0]!;
  return { command: c.command, args: c.args };
}

const argValue = (args: string[], flag: string) => {
  const i = args.indexOf(flag);
  return i < 0 ? undefined : args[i + 1];
};

/** The Secret keys the rendered Job generates (SERVICE_JWKS, SERVICE_KEY_<P>, NATS_PASSWORD_<P>). */
export function generatedKeys(m: readonly Manifest[]): string[] {
  const { args } = jobCommand(m);
  const list = (flag: string) => (argValue(args, flag) ?? '').split(',').filter(Boolean);
  return [
    'SERVICE_JWKS',
    ...list('--processes').map((p) => `SERVICE_KEY_${p.toUpperCase()}`),
    ...list('--nats').map((p) => `NATS_PASSWORD_${p.toUpperCase()}`),
  ];
}

interface StoredSecret {
  metadata: { name: string; namespace: string; resourceVersion: string; labels?: Record<string, string> };
  data: Record<string, string>;
  [k: string]: unknown;
}

/** An in-memory API server for Secrets, with the write calls it received. */
export class FakeKubeApi {
  readonly secrets = new Map<string, StoredSecret>();
  readonly writes: string[] = [];
  private server?: http.Server | https.Server;
  /** With TLS (a self-signed certificate for 127.0.0.1), as the API server a pod reaches. */
  tls?: { cert: string; key: string };
  port = 0;
  private version = 1;
  readonly token = `token-${Math.random().toString(36).slice(2)}`;
  url = '';

  async start(opts: { tls?: boolean } = {}): Promise<this> {
    const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.handle(req, Buffer.concat(chunks).toString('utf8'), res));
    };
    if (opts.tls) {
      this.tls = selfSignedCertificate();
      this.server = https.createServer(this.tls, listener);
    } else this.server = http.createServer(listener);
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    this.url = `${opts.tls ? 'https' : 'http'}://127.0.0.1:${this.port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The Secret's data, decoded. */
  dataOf(namespace: string, name: string): Record<string, string> | undefined {
    const s = this.secrets.get(`${namespace}/${name}`);
    if (!s) return undefined;
    return Object.fromEntries(
      Object.entries(s.data).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]),
    );
  }

  private handle(req: http.IncomingMessage, body: string, res: http.ServerResponse) {
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.headers.authorization !== `Bearer ${this.token}`) return send(401, { message: 'unauthorized' });
    const m = /^\/api\/v1\/namespaces\/([^/]+)\/secrets(?:\/([^/]+))?$/.exec(req.url ?? '');
    if (!m) return send(404, { message: `no route ${req.url}` });
    const [, ns, name] = m as unknown as [string, string, string | undefined];
    const id = `${ns}/${name}`;
    if (req.method === 'GET' && name) {
      const s = this.secrets.get(id);
      return s ? send(200, s) : send(404, { reason: 'NotFound' });
    }
    if (req.method === 'POST' && !name) {
      const s = JSON.parse(body) as StoredSecret;
      const key = `${ns}/${s.metadata.name}`;
      if (this.secrets.has(key)) return send(409, { reason: 'AlreadyExists' });
      s.metadata = { ...s.metadata, namespace: ns, resourceVersion: String(this.version++) };
      this.secrets.set(key, s);
      this.writes.push(`POST ${key}`);
      return send(201, s);
    }
    if (req.method === 'PUT' && name) {
      const s = JSON.parse(body) as StoredSecret;
      const have = this.secrets.get(id);
      if (!have) return send(404, { reason: 'NotFound' });
      if (s.metadata.resourceVersion !== have.metadata.resourceVersion)
        return send(409, { reason: 'Conflict' });
      s.metadata = { ...s.metadata, resourceVersion: String(this.version++) };
      this.secrets.set(id, s);
      this.writes.push(`PUT ${id}`);
      return send(200, s);
    }
    return send(405, { message: `${req.method} not served` });
  }
}

/** A certificate and key for 127.0.0.1 (openssl), like the API server's behind the kubernetes Service. */
function selfSignedCertificate(): { cert: string; key: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-kube-tls-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  const subject = ['-subj', '/CN=kubernetes', '-addext', 'subjectAltName=IP:127.0.0.1'];
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1'];
  execFileSync('openssl', ['req', '-x509', ...ec, ...subject, '-keyout', key, '-out', cert], {
    stdio: 'ignore',
  });
  return { cert: fs.readFileSync(cert, 'utf8'), key: fs.readFileSync(key, 'utf8') };
}

/** A pod's service account directory for `api` (token, namespace and, with TLS, the CA certificate). */
export function serviceAccountDir(api: FakeKubeApi, namespace: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-sa-'));
  fs.writeFileSync(path.join(dir, 'token'), api.token);
  fs.writeFileSync(path.join(dir, 'namespace'), namespace);
  if (api.tls) fs.writeFileSync(path.join(dir, 'ca.crt'), api.tls.cert);
  return dir;
}

/** The Job pod's environment: with TLS the API server as the kubernetes Service variables name it, else by URL. */
function podEnv(api: FakeKubeApi, namespace: string): Record<string, string | undefined> {
  const where = api.tls
    ? { KUBERNETES_SERVICE_HOST: '127.0.0.1', KUBERNETES_SERVICE_PORT: String(api.port) }
    : { KUBERNETES_API: api.url };
  return { PATH: process.env.PATH, ...where, SERVICEACCOUNT_DIR: serviceAccountDir(api, namespace) };
}

/**
 * Runs the rendered Job as its pod would: the script text of the rendered ConfigMap at the path the
 * Job mounts, with the Job's command and arguments, against `api`.
 */
export async function runJob(
  m: readonly Manifest[],
  api: FakeKubeApi,
  namespace = 'default',
  extraArgs: string[] = [],
) {
  const { command, args } = jobCommand(m);
  const config = m.find((x) => x.kind === 'ConfigMap' && x.metadata.name === jobOf(m).metadata.name);
  if (!config?.data) throw new Error('no ConfigMap holding the Job script');
  const mount = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-job-'));
  for (const [file, text] of Object.entries(config.data)) fs.writeFileSync(path.join(mount, file), text);
  if (command[0] !== 'node' || !command[1]?.startsWith('/job/'))
    throw new Error(`unexpected Job command ${command.join(' ')}`);
  const script = path.join(mount, command[1].slice('/job/'.length));
  const { stdout } = await promisify(execFile)(process.execPath, [script, ...args, ...extraArgs], {
    env: podEnv(api, namespace),
    timeout: 30_000,
  });
  return stdout;
}
