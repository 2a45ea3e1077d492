/**
 * The PromQL the chart ships: every target expression of the Grafana dashboard and every alert rule
 * of the rule file, read from the files themselves (helm/tessera/files/), so a query added there is
 * checked without being listed here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../../scripts/lib/launch-stack.mjs';

export const DASHBOARD_FILE = path.join(ROOT, 'helm/tessera/files/dashboards/tessera.json');
export const RULES_FILE = path.join(ROOT, 'helm/tessera/files/alerts/tessera-rules.yaml');

interface Panel {
  title?: string;
  targets?: { expr?: string }[];
  panels?: Panel[];
}

export interface NamedQuery {
  name: string;
  expr: string;
}

/** Every target expression of every panel (rows' nested panels included). */
export function dashboardQueries(): NamedQuery[] {
  const dashboard = JSON.parse(fs.readFileSync(DASHBOARD_FILE, 'utf8')) as { panels: Panel[] };
  const out: NamedQuery[] = [];
  const walk = (panels: Panel[]) => {
    for (const p of panels) {
      (p.targets ?? []).forEach((t, i) => {
        if (t.expr) out.push({ name: `panel '${p.title}' target ${i + 1}`, expr: t.expr.trim() });
      });
      walk(p.panels ?? []);
    }
  };
  walk(dashboard.panels);
  return out;
}

export interface AlertQuery extends NamedQuery {
  /** The expression without its final `<comparison> <threshold>`: what the alert measures. */
  measured: string;
}

const THRESHOLD = /^([\s\S]*?)\s*(?:>=|<=|==|!=|>|<)\s*-?[\d.]+(?:e[+-]?\d+)?\s*$/i;

/** Every alert rule: its whole expression and the query it compares with its threshold. */
export function alertQueries(): AlertQuery[] {
  const file = parse(fs.readFileSync(RULES_FILE, 'utf8')) as {
    groups: { name: string; rules: { alert?: string; expr: string }[] }[];
  };
  return file.groups.flatMap((g) =>
    g.rules
      .filter((r) => r.alert)
      .map((r) => {
        const expr = r.expr.trim();
        const m = THRESHOLD.exec(expr);
        if (!m) throw new Error(`alert ${r.alert}: its expression does not end with a threshold`);
        return { name: `alert ${r.alert}`, expr, measured: m[1]!.trim() };
      }),
  );
}
