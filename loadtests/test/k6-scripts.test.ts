// The k6 scripts cannot run here (no k6 binary), so they are type-checked against @types/k6 and their
// shape is read from the syntax tree: an exported `options` with scenarios and thresholds, and the
// function every scenario runs. Thresholds must refer to metrics and endpoint tags the script (or a
// local module it imports) really produces, and every HTTP request carries the tagged parameters of
// lib/api.js's `params`, which always include a W3C `traceparent` header.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const K6_DIR = path.join(ROOT, 'loadtests/k6');
const SCRIPTS = [
  'canvas-browsing.js',
  'board-reads.js',
  'lock-contention.js',
  'purchase.js',
  'event-stream.js',
];
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'del', 'head', 'options', 'request']);
/** Metrics k6 itself emits (https://grafana.com/docs/k6/latest/using-k6/metrics/reference/). */
const BUILTIN_METRICS = new Set([
  'checks',
  'data_received',
  'data_sent',
  'dropped_iterations',
  'iteration_duration',
  'iterations',
  'vus',
  'vus_max',
  'http_reqs',
  'http_req_blocked',
  'http_req_connecting',
  'http_req_duration',
  'http_req_failed',
  'http_req_receiving',
  'http_req_sending',
  'http_req_tls_handshaking',
  'http_req_waiting',
]);

function tsc(args: string[]) {
  const res = spawnSync('npx', ['--no-install', 'tsc', '-p', 'loadtests/tsconfig.json', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (res.error) throw res.error;
  return res;
}

interface ScriptShape {
  options: ts.ObjectLiteralExpression | undefined;
  hasDefaultFunction: boolean;
  exportedFunctions: string[];
  imports: string[];
  metricNames: string[];
  endpointTags: string[];
  /** `http.<method>(...)` calls with no `params(...)` argument (source text, for the message). */
  untracedRequests: string[];
}

/** `params(...)`, or `a ? params(...) : params(...)` (in parentheses or not). */
function isParamsCall(e: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(e)) return isParamsCall(e.expression);
  if (ts.isConditionalExpression(e)) return isParamsCall(e.whenTrue) && isParamsCall(e.whenFalse);
  return ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'params';
}

/** `params(...)` itself, or an object literal spreading it (`{ ...params(...), responseType }`). */
function isParamsArg(arg: ts.Expression): boolean {
  if (isParamsCall(arg)) return true;
  return (
    ts.isObjectLiteralExpression(arg) &&
    arg.properties.some((p) => ts.isSpreadAssignment(p) && isParamsCall(p.expression))
  );
}

function readShape(file: string): ScriptShape {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.ES2020,
    true,
    ts.ScriptKind.JS,
  );
  const shape: ScriptShape = {
    options: undefined,
    hasDefaultFunction: false,
    exportedFunctions: [],
    imports: [],
    metricNames: [],
    endpointTags: [],
    untracedRequests: [],
  };
  const exported = (n: ts.Node) =>
    ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const stmt of source.statements) {
    if (ts.isImportDeclaration(stmt) && ts.isStringLiteral(stmt.moduleSpecifier))
      shape.imports.push(stmt.moduleSpecifier.text);
    if (ts.isFunctionDeclaration(stmt) && exported(stmt)) {
      const isDefault = (ts.getModifiers(stmt) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      if (isDefault) shape.hasDefaultFunction = true;
      if (stmt.name) shape.exportedFunctions.push(stmt.name.text);
    }
    if (ts.isVariableStatement(stmt) && exported(stmt)) {
      for (const decl of stmt.declarationList.declarations) {
        if (ts.isIdentifier(decl.name) && decl.name.text === 'options' && decl.initializer) {
          if (ts.isObjectLiteralExpression(decl.initializer)) shape.options = decl.initializer;
        }
      }
    }
  }
  const visit = (node: ts.Node) => {
    // new Rate('name') / new Trend('name', ...) / new Counter(...) / new Gauge(...)
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      /^(Rate|Trend|Counter|Gauge)$/.test(node.expression.text)
    ) {
      const first = node.arguments?.[0];
      if (first && ts.isStringLiteral(first)) shape.metricNames.push(first.text);
    }
    // params('endpoint', ...) tags requests with endpoint:<endpoint>
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'params') {
      const first = node.arguments[0];
      if (first && ts.isStringLiteral(first)) shape.endpointTags.push(first.text);
    }
    // http.get(url, params(...)), http.post(url, body, { ...params(...), ... }), ...
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'http' &&
      HTTP_METHODS.has(node.expression.name.text) &&
      !node.arguments.some(isParamsArg)
    )
      shape.untracedRequests.push(node.getText().slice(0, 80));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return shape;
}

/** A script's shape with the metrics, tags and requests of the local modules it imports merged in. */
function readScript(file: string): ScriptShape {
  const shape = readShape(file);
  for (const spec of shape.imports.filter((i) => i.startsWith('./'))) {
    const lib = readShape(path.join(path.dirname(file), spec));
    shape.metricNames.push(...lib.metricNames);
    shape.endpointTags.push(...lib.endpointTags);
    shape.untracedRequests.push(...lib.untracedRequests);
  }
  return shape;
}

function property(obj: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of obj.properties) {
    if (!ts.isPropertyAssignment(p)) continue;
    const key = ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) ? p.name.text : undefined;
    if (key === name) return p.initializer;
  }
  return undefined;
}

describe('k6 scripts', () => {
  it('type-check against @types/k6 (npx tsc -p loadtests/tsconfig.json --noEmit)', () => {
    const listed = tsc(['--listFilesOnly']);
    expect(listed.status).toBe(0);
    for (const script of SCRIPTS) expect(listed.stdout).toContain(`loadtests/k6/${script}`);
    expect(listed.stdout).toContain('@types/k6');

    const check = tsc(['--noEmit']);
    expect(check.stdout + check.stderr).not.toMatch(/error TS\d+/);
    expect(check.status).toBe(0);
  });

  describe.each(SCRIPTS)('%s', (script) => {
    const shape = readScript(path.join(K6_DIR, script));

    it('exports options with scenarios and thresholds, and the function of every scenario', () => {
      expect(shape.options).toBeDefined();
      const scenarios = property(shape.options!, 'scenarios');
      expect(scenarios && ts.isObjectLiteralExpression(scenarios) && scenarios.properties.length > 0).toBe(
        true,
      );
      for (const sc of (scenarios as ts.ObjectLiteralExpression).properties.filter(ts.isPropertyAssignment)) {
        const exec = ts.isObjectLiteralExpression(sc.initializer)
          ? property(sc.initializer, 'exec')
          : undefined;
        if (exec === undefined) expect(shape.hasDefaultFunction, `scenario ${sc.name.getText()}`).toBe(true);
        else {
          expect(ts.isStringLiteral(exec)).toBe(true);
          expect(shape.exportedFunctions).toContain((exec as ts.StringLiteral).text);
        }
      }
      const thresholds = property(shape.options!, 'thresholds');
      expect(thresholds && ts.isObjectLiteralExpression(thresholds)).toBe(true);
      const entries = (thresholds as ts.ObjectLiteralExpression).properties.filter(ts.isPropertyAssignment);
      expect(entries.length).toBeGreaterThan(0);
      for (const e of entries) {
        expect(ts.isArrayLiteralExpression(e.initializer), e.name.getText()).toBe(true);
        const conditions = (e.initializer as ts.ArrayLiteralExpression).elements;
        expect(conditions.length).toBeGreaterThan(0);
        for (const c of conditions)
          expect(
            ts.isStringLiteral(c) &&
              /^(rate|p\(\d+(\.\d+)?\)|avg|min|max|med|count)\s*[<>]=?\s*\d/.test(c.text),
          ).toBe(true);
      }
    });

    it('sets thresholds only on metrics and endpoint tags the script produces', () => {
      const thresholds = property(shape.options!, 'thresholds') as ts.ObjectLiteralExpression;
      for (const p of thresholds.properties.filter(ts.isPropertyAssignment)) {
        const key = ts.isStringLiteral(p.name) || ts.isIdentifier(p.name) ? p.name.text : p.name.getText();
        const m = /^([a-z_]+)(?:\{endpoint:([a-z_-]+)\})?$/.exec(key);
        expect(m, `threshold key ${key}`).not.toBeNull();
        const [, metric, endpoint] = m!;
        expect(BUILTIN_METRICS.has(metric!) || shape.metricNames.includes(metric!), `metric ${metric}`).toBe(
          true,
        );
        if (endpoint) expect(shape.endpointTags, `endpoint tag ${endpoint}`).toContain(endpoint);
      }
    });

    it('sends every HTTP request with params(), so with a traceparent header', () => {
      expect(shape.untracedRequests).toEqual([]);
    });

    it('imports only k6 modules and local files', () => {
      for (const spec of shape.imports) expect(spec).toMatch(/^(k6(\/[a-z-]+)*|\.\/lib\/[a-z-]+\.js)$/);
    });
  });
});

describe('lib/api.js params()', () => {
  it('adds a W3C traceparent (version 00, 16-byte trace id, 8-byte parent id, sampled) to every request', () => {
    const text = fs.readFileSync(path.join(K6_DIR, 'lib/api.js'), 'utf8');
    expect(text).toMatch(/return `00-\$\{randomHex\(16\)\}-\$\{randomHex\(8\)\}-01`;/);
    expect(text).toMatch(/export function params\([^)]*trace = newTrace\(\)\)/);
    expect(text).toMatch(/traceparent: trace,/);
  });
});
