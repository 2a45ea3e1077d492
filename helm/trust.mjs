#!/usr/bin/env node
// Writes helm/tessera/files/trust.yaml, the part of the trust table (services/facts/src/trust.ts) that the
// chart's NetworkPolicies need: per service, the processes that call it (callersOf), and the
// processes that use the event bus (a publish or subscribe permission in EVENT_PERMISSIONS). The
// chart cannot import TypeScript, so it reads this generated file; helm/test/netpol.test.ts fails
// when the file is stale or when the rendered policies disagree with callersOf.
//
//   npm run build -w @tessera/facts && node helm/trust.mjs --write   regenerate the file
//   node helm/trust.mjs --check                                      exit 1 when it is stale
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TRUST_FILE = fileURLToPath(new URL('./tessera/files/trust.yaml', import.meta.url));

/**
 * The file's text for a trust table.
 * @param {{
 *   services: readonly string[],
 *   callersOf: (service: any) => readonly string[],
 *   eventPermissions: Record<string, { publish: readonly string[], subscribe: readonly string[] }>,
 * }} table
 */
export function renderTrust({ services, callersOf, eventPermissions }) {
  const busUsers = Object.entries(eventPermissions)
    .filter(([, p]) => p.publish.length > 0 || p.subscribe.length > 0)
    .map(([name]) => name);
  const lines = [
    '# GENERATED from services/facts/src/trust.ts by `node helm/trust.mjs --write`; do not edit.',
    '# callers: per service, the processes that may call at least one of its RPCs (callersOf), i.e.',
    '# the only pods its NetworkPolicy admits. busUsers: the processes with a publish or subscribe',
    '# permission (EVENT_PERMISSIONS), the only pods allowed to reach the event bus.',
    'callers:',
    ...services.map((s) => `  ${s}: [${callersOf(s).join(', ')}]`),
    `busUsers: [${busUsers.join(', ')}]`,
    '',
  ];
  return lines.join('\n');
}

async function currentText() {
  // The built facts (node cannot import the TypeScript source): run `npm run build -w @tessera/facts`.
  const { callersOf, EVENT_PERMISSIONS } = await import('@tessera/facts/trust');
  const { SERVICES } = await import('@tessera/facts/ports');
  return renderTrust({ services: SERVICES, callersOf, eventPermissions: EVENT_PERMISSIONS });
}

/** @param {string[]} argv */
async function main(argv) {
  const mode = argv[2];
  if (mode !== '--write' && mode !== '--check') {
    console.error('usage: node helm/trust.mjs --write|--check');
    return 2;
  }
  const text = await currentText();
  if (mode === '--write') {
    fs.mkdirSync(path.dirname(TRUST_FILE), { recursive: true });
    fs.writeFileSync(TRUST_FILE, text);
    console.log(`wrote ${path.relative(process.cwd(), TRUST_FILE)}`);
    return 0;
  }
  const have = fs.existsSync(TRUST_FILE) ? fs.readFileSync(TRUST_FILE, 'utf8') : '';
  if (have === text) return 0;
  console.error('helm/tessera/files/trust.yaml is out of date: run node helm/trust.mjs --write');
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv);
}
