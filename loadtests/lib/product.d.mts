export function portFree(port: number): Promise<boolean>;
export function freePorts(from: number): Promise<{ base: number; bff: number }>;
export interface RunningProduct {
  /** The BFF's address (http://127.0.0.1:<port>). */
  url: string;
  /** The pid of scripts/start.mjs. */
  pid: number;
  /** SIGTERM, resolved when every service has stopped and start.mjs has exited. */
  stop(): Promise<void>;
}
export function startProduct(opts: {
  port: number;
  portBase: number;
  dataDir: string;
  logLevel?: string;
  stderr?: 'inherit' | 'ignore';
  timeoutMs?: number;
  /** More environment for scripts/start.mjs (e.g. TESSERA_PROCESS_PER_SERVICE: '1'). */
  env?: Record<string, string>;
}): Promise<RunningProduct>;
