// Running a benchmark script as its own Node process in the tests, and the local HTTP server it
// measures.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Both streams in the order the lines came. */
  output: string;
}

/** Runs `node script ...args` with `env` added; killed after `limitMs` (a hang, not a timing check). */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  limitMs: number,
): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run: Omit<ScriptRun, 'code'> = { stdout: '', stderr: '', output: '' };
    for (const name of ['stdout', 'stderr'] as const)
      child[name].on('data', (d: Buffer) => {
        run[name] += d.toString();
        run.output += d.toString();
      });
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, ...run });
    });
  });
}

export interface LocalServer {
  /** http://127.0.0.1:<port> */
  base: string;
  close(): Promise<void>;
}

/** An HTTP server on a free loopback port. */
export async function listenLocal(handler: http.RequestListener): Promise<LocalServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
