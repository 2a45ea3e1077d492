// Timing and outcome of the last 50 API requests, for diagnostics.

export const METRICS_LIMIT = 50;

export interface RequestMetric {
  method: string;
  path: string;
  /** HTTP status of the final response; 0 when none arrived. */
  status: number;
  ok: boolean;
  durationMs: number;
  /** Transport retries plus CSRF and auth recoveries. */
  retries: number;
  /** Error code when the request failed. */
  errorCode: string | null;
  startedAt: number;
}

export interface MetricsSummary {
  count: number;
  failures: number;
  averageMs: number;
  slowestMs: number;
}

export class RequestMetrics {
  private readonly items: RequestMetric[] = [];

  constructor(private readonly limit: number = METRICS_LIMIT) {}

  record(metric: RequestMetric): void {
    this.items.push(metric);
    if (this.items.length > this.limit) this.items.splice(0, this.items.length - this.limit);
  }

  /** Oldest first. */
  list(): readonly RequestMetric[] {
    return [...this.items];
  }

  summary(): MetricsSummary {
    const count = this.items.length;
    const total = this.items.reduce((sum, m) => sum + m.durationMs, 0);
    return {
      count,
      failures: this.items.filter((m) => !m.ok).length,
      averageMs: count === 0 ? 0 : Math.round(total / count),
      slowestMs: this.items.reduce((max, m) => Math.max(max, m.durationMs), 0),
    };
  }

  clear(): void {
    this.items.length = 0;
  }
}
