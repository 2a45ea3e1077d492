/**
 * A real Prometheus (Debian's `prometheus` binary) run by a test: its own configuration, data folder
 * and loopback port, scraping the given targets every second with the given rule file, and its HTTP
 * API (instant queries, targets, rules). Not the system service.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@tessera/kit/testing';

/** The `prometheus` binary on PATH (or PROMETHEUS_BIN), undefined when there is none. */
export function prometheusBinary(): string | undefined {
  if (process.env.PROMETHEUS_BIN) return process.env.PROMETHEUS_BIN;
  const dirs = (process.env.PATH ?? '').split(path.delimiter);
  return dirs.map((d) => path.join(d, 'prometheus')).find((f) => fs.existsSync(f));
}

export interface Series {
  metric: Record<string, string>;
  value: [number, string];
}

export interface Prometheus {
  url: string;
  /** An instant query; throws with Prometheus's error when it does not parse or evaluate. */
  query(expr: string): Promise<Series[]>;
  targets(): Promise<{ scrapeUrl: string; health: string; lastError: string }[]>;
  rules(): Promise<{ name: string; health: string; lastError?: string }[]>;
  stop(): Promise<void>;
}

export async function startPrometheus(opts: {
  binary: string;
  port: number;
  targets: string[];
  ruleFile: string;
}): Promise<Prometheus> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-prometheus-'));
  const config = path.join(dir, 'prometheus.yml');
  fs.writeFileSync(
    config,
    JSON.stringify({
      global: { scrape_interval: '1s', evaluation_interval: '1s', scrape_timeout: '900ms' },
      rule_files: [opts.ruleFile],
      scrape_configs: [{ job_name: 'tessera', static_configs: [{ targets: opts.targets }] }],
    }),
  );
  const output: string[] = [];
  const child: ChildProcess = spawn(
    opts.binary,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${opts.port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const url = `http://127.0.0.1:${opts.port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await eventually(async () => {
      if (child.exitCode !== null) throw new Error(`prometheus exited: ${output.join('').slice(-2000)}`);
      return (await fetch(`${url}/-/ready`).catch(() => undefined))?.ok;
    }, 30_000);
  } catch (err) {
    await stop();
    throw err;
  }
  const api = async <T>(p: string): Promise<T> => {
    const body = (await (await fetch(`${url}${p}`)).json()) as { status: string; data: T; error?: string };
    if (body.status !== 'success') throw new Error(`${p}: ${body.error}`);
    return body.data;
  };
  return {
    url,
    query: async (expr) =>
      (await api<{ result: Series[] }>(`/api/v1/query?query=${encodeURIComponent(expr)}`)).result,
    targets: async () => (await api<{ activeTargets: never[] }>('/api/v1/targets')).activeTargets,
    rules: async () =>
      (await api<{ groups: { rules: never[] }[] }>('/api/v1/rules')).groups.flatMap((g) => g.rules),
    stop,
  };
}
