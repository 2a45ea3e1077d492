/**
 * A process's service identity, from the environment: SERVICE_KEY (or SERVICE_KEY_FILE), its
 * private key, signs the tokens it sends; SERVICE_JWKS, every process's public key, verifies the
 * tokens it receives. `runService` reads both for a service, `loadCallerIdentityOrExit` the key of a
 * caller that serves no RPC (the BFF, the operator CLI). Either makes it the process identity, which
 * every peer transport and the broker client use unless they are given another one.
 */
import type { KeyObject } from 'node:crypto';
import fs from 'node:fs';
import { ConfigError, readEnv, type EnvReader } from '../../config/env.js';
import { parseJwks, parsePrivateKey } from './keys.js';
import { TokenSigner, TokenVerifier } from './tokens.js';

/** The call a token is asked for: the process called and the RPC. */
export interface CallTarget {
  /** The process serving the call (`canvas`, `broker`, ...): the token's `aud`. */
  audience: string;
  /** Fully qualified service name, e.g. `tessera.canvas.v1.CanvasService`. */
  service: string;
  /** The RPC's name in the proto, e.g. `CommitOrder`. */
  method: string;
}

/** Whoever signs the tokens of outgoing calls. */
export interface CallerIdentity {
  readonly name: string;
  tokenFor(call: CallTarget): Promise<string>;
}

/** The identity of a process that signs with its own key. */
export function signingIdentity(signer: TokenSigner): CallerIdentity {
  return { name: signer.name, tokenFor: (call) => signer.token(call.audience) };
}

export const SERVICE_KEY = 'SERVICE_KEY';
export const SERVICE_KEY_FILE = 'SERVICE_KEY_FILE';
export const SERVICE_JWKS = 'SERVICE_JWKS';

export interface IdentityNeeds {
  /** The process calls others: it needs its private key. */
  sign: boolean;
  /** The process serves RPCs: it needs the published keys. */
  verify: boolean;
  /** Read when neither SERVICE_KEY nor SERVICE_KEY_FILE is set and the file exists (the ops CLI). */
  defaultKeyFile?: string;
}

export interface IdentitySettings {
  identity?: CallerIdentity;
  verifier?: TokenVerifier;
}

function readKeyFile(file: string) {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)}: ${file})`, {
      cause: err,
    });
  }
  return parsePrivateKey(text);
}

/**
 * Reads the identity settings of process `name`, recording a problem on `env` for each missing or
 * bad variable (a process without them must not start: it fails closed).
 */
export function readIdentity(env: EnvReader, name: string, needs: IdentityNeeds): IdentitySettings {
  const out: IdentitySettings = {};
  if (needs.sign) {
    let key: KeyObject | undefined;
    const fallback = needs.defaultKeyFile;
    if (env.str(SERVICE_KEY) !== undefined) key = env.parsed(SERVICE_KEY, parsePrivateKey);
    else if (env.str(SERVICE_KEY_FILE) !== undefined) key = env.parsed(SERVICE_KEY_FILE, readKeyFile);
    else if (fallback && fs.existsSync(fallback)) {
      try {
        key = readKeyFile(fallback);
      } catch (err) {
        env.problem(`${fallback} ${(err as Error).message}`);
      }
    } else {
      env.problem(
        `${SERVICE_KEY} is required: the private key (Ed25519, PKCS#8 PEM or JWK) that signs this process's ` +
          `service tokens (or ${SERVICE_KEY_FILE}, a file holding it${fallback ? `; default ${fallback}` : ''})`,
      );
    }
    if (key) out.identity = signingIdentity(new TokenSigner(name, key));
  }
  if (needs.verify) {
    const keys = env.parsed(SERVICE_JWKS, parseJwks, {
      required: true,
      hint: "the JWKS of every process's public key, which verifies the service tokens of callers",
    });
    if (keys) out.verifier = new TokenVerifier(name, keys);
  }
  return out;
}

let current: CallerIdentity | undefined;

/** Makes `identity` the one outgoing calls of this process carry (unless a transport is given another). */
export function setProcessIdentity(identity: CallerIdentity): void {
  current = identity;
}

/** The process identity, when the process has one (services, the BFF, the ops CLI; not tests). */
export function processIdentity(): CallerIdentity | undefined {
  return current;
}

/**
 * For a caller that serves no RPC (the BFF's main, the operator CLI): reads its key, makes it the
 * process identity and returns it; exits with status 2 and a message naming the variable otherwise.
 */
export function loadCallerIdentityOrExit(
  name: string,
  opts: { defaultKeyFile?: string; env?: Record<string, string | undefined> } = {},
): CallerIdentity {
  const e = readEnv(opts.env ?? process.env);
  const { identity } = readIdentity(e, name, {
    sign: true,
    verify: false,
    defaultKeyFile: opts.defaultKeyFile,
  });
  try {
    e.done();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`tessera-${name}: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  setProcessIdentity(identity!);
  return identity!;
}
