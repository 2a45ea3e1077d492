export const ROOT: string;
export const BROKER_OFFSET: number;
export const BFF_OFFSET: number;
export const STACK_BLOCK: number;
export const READY_LINE: string;

export function embeddedEnv(env?: NodeJS.ProcessEnv): Record<string, string>;
export function portFree(port: number): Promise<boolean>;
export function freePorts(pick?: () => number): Promise<{ base: number; bff: number }>;

export class StackStartError extends Error {
  constructor(reason: string, exit: { code: number | null; signal: string | null } | null, output: string[]);
  /** How the stack exited before it was ready (null: it was still running, then stopped). */
  readonly exit: { code: number | null; signal: string | null } | null;
  /** Every line it wrote (stdout and stderr). */
  readonly output: string[];
}

export interface StackOptions {
  /** The BFF's port and TESSERA_PORT_BASE; both, or neither for a block of free ports (freePorts). */
  port?: number;
  portBase?: number;
  /** DATA_DIR (kept on stop); default: a new temporary folder, removed on stop. */
  dataDir?: string;
  /** More variables, over the embedded defaults (e.g. TESSERA_PROCESS_PER_SERVICE: '1'). */
  env?: Record<string, string>;
  /** LOG_LEVEL of every process; default 'warn'. */
  logLevel?: string;
  /** Let start.mjs build what is missing first; default false (TESSERA_SKIP_BUILD=1). */
  build?: boolean;
  /** TESSERA_EXPOSE_KEYS=1: every process's service key under `<dataDir>/keys` (tests sign as any). */
  exposeKeys?: boolean;
  /** 'stdout' (default): ready when start.mjs prints READY_LINE; 'health': when GET /api/health answers 200. */
  ready?: 'stdout' | 'health';
  /** Both output streams straight to this file instead of being collected (needs ready: 'health'). */
  output?: { file: string };
  /** Each collected output line as it arrives. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** Bounds a hang only; default 180 s (a cold start of eight processes on a loaded 2-core machine). */
  timeoutMs?: number;
  /** SIGKILL when SIGTERM has not stopped it after this long; default 10 s. */
  killAfterMs?: number;
  /** Run this script instead of scripts/start.mjs (the launcher's own tests). */
  script?: string;
}

export interface RunningStack {
  /** The BFF, http://127.0.0.1:<port>. */
  url: string;
  port: number;
  portBase: number;
  dataDir: string;
  /** The pid of scripts/start.mjs. */
  pid: number;
  /** Seconds from the spawn to ready. */
  readySeconds: number;
  /** Every output line so far (none when the output goes to a file). */
  lines(): string[];
  /** SIGTERM, SIGKILL after killAfterMs; resolves once start.mjs has exited. Idempotent. */
  stop(): Promise<{ code: number | null; signal: string | null; seconds: number }>;
}

export function startStack(opts?: StackOptions): Promise<RunningStack>;
