#!/usr/bin/env node
// Writes (--write) or checks (--check, the default) helm/tessera/files/nats-authorization.conf: the
// nats-server `authorization` block of one NATS user per process with the subject permissions of the
// trust table (services/kit/src/bus/nats-permissions.ts). Passwords are nats-server variable
// references ($NATS_PASSWORD_<PROCESS>) that the NATS pod takes from the chart's Secret. For a NATS
// outside the chart, `--print` writes the same block to stdout (put it in that server's config).
// Needs the kit built (`npm run build`).
import fs from 'node:fs';
import path from 'node:path';
import { root } from './workspaces.mjs';

const FILE = path.join(root, 'helm/tessera/files/nats-authorization.conf');
const { natsAuthorization } = await import('@tessera/kit/nats-permissions');
const text = natsAuthorization({ passwords: 'env' });
const mode = process.argv.find((a) => ['--write', '--check', '--print'].includes(a)) ?? '--check';

if (mode === '--print') process.stdout.write(text);
else if (mode === '--write') {
  fs.mkdirSync(path.dirname(FILE), { recursive: true });
  fs.writeFileSync(FILE, text);
  console.log(`wrote ${path.relative(root, FILE)}`);
} else {
  const current = fs.existsSync(FILE) ? fs.readFileSync(FILE, 'utf8') : '';
  if (current !== text) {
    console.error(`${path.relative(root, FILE)} is stale: run node scripts/nats-config.mjs --write`);
    process.exit(1);
  }
  console.log(`${path.relative(root, FILE)} is current`);
}
