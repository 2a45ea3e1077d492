/**
 * Configuration from the environment with validation. Every reader records its variable, so a bad
 * value fails at start with one message naming every offending variable.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export interface IntOptions {
  default?: number;
  min?: number;
  max?: number;
}

export interface EnvReader {
  /** A string; `undefined` when unset and no default. Empty strings count as unset. */
  str(name: string, fallback?: string): string | undefined;
  /** A string that must be present (or defaulted). */
  required(name: string, fallback?: string): string;
  int(name: string, opts?: IntOptions): number;
  bool(name: string, fallback: boolean): boolean;
  /** An absolute URL with one of the given protocols; `undefined` when unset. */
  url(name: string, protocols: string[], fallback?: string): string | undefined;
  oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T;
  /**
   * A value read by `parse` (which throws an Error saying what is wrong); `undefined` when unset and
   * not required. The problem is reported as `<name> <error message>`.
   */
  parsed<T>(
    name: string,
    parse: (raw: string) => T,
    opts?: { required?: boolean; hint?: string },
  ): T | undefined;
  /** Records a problem that involves several variables (for example two that must be set together). */
  problem(message: string): void;
  /** Throws ConfigError naming every variable that failed. */
  done(): void;
}

export function readEnv(env: Env = process.env): EnvReader {
  const problems: string[] = [];
  const raw = (name: string): string | undefined => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  return {
    str(name, fallback) {
      return raw(name) ?? fallback;
    },
    required(name, fallback) {
      const v = raw(name) ?? fallback;
      if (v === undefined) {
        problems.push(`${name} is required`);
        return '';
      }
      return v;
    },
    int(name, opts = {}) {
      const v = raw(name);
      const min = opts.min ?? Number.MIN_SAFE_INTEGER;
      const max = opts.max ?? Number.MAX_SAFE_INTEGER;
      if (v === undefined) {
        if (opts.default === undefined) problems.push(`${name} is required`);
        return opts.default ?? 0;
      }
      const n = /^-?\d+$/.test(v) ? Number(v) : NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        problems.push(`${name} must be an integer between ${min} and ${max} (got '${v}')`);
        return opts.default ?? 0;
      }
      return n;
    },
    bool(name, fallback) {
      const v = raw(name);
      if (v === undefined) return fallback;
      if (/^(1|true|yes|on)$/i.test(v)) return true;
      if (/^(0|false|no|off)$/i.test(v)) return false;
      problems.push(`${name} must be true or false (got '${v}')`);
      return fallback;
    },
    url(name, protocols, fallback) {
      const v = raw(name) ?? fallback;
      if (v === undefined) return undefined;
      let u: URL;
      try {
        u = new URL(v);
      } catch {
        problems.push(`${name} must be a URL (got '${v}')`);
        return undefined;
      }
      if (!protocols.includes(u.protocol.replace(/:$/, ''))) {
        problems.push(`${name} must use ${protocols.join(' or ')} (got '${u.protocol}')`);
        return undefined;
      }
      return v;
    },
    oneOf(name, values, fallback) {
      const v = raw(name);
      if (v === undefined) return fallback;
      if (!(values as readonly string[]).includes(v)) {
        problems.push(`${name} must be one of ${values.join(', ')} (got '${v}')`);
        return fallback;
      }
      return v as (typeof values)[number];
    },
    parsed(name, parse, opts = {}) {
      const v = raw(name);
      if (v === undefined) {
        if (opts.required) problems.push(`${name} is required${opts.hint ? ` (${opts.hint})` : ''}`);
        return undefined;
      }
      try {
        return parse(v);
      } catch (err) {
        problems.push(`${name} ${err instanceof Error ? err.message : String(err)}`);
        return undefined;
      }
    },
    problem(message) {
      problems.push(message);
    },
    done() {
      if (problems.length > 0) throw new ConfigError(problems);
    },
  };
}
