#!/usr/bin/env node
// `npm run ops -- <command>`: the operator CLI process (cli.ts has the commands).
import path from 'node:path';
import { loadCallerIdentityOrExit } from '@tessera/kit';
import { localKeyFile } from '@tessera/kit/service-keys';
import { runCli } from './cli.js';
import { OPS_CALLER } from './clients.js';

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  // Every call carries the `ops` service token (the trust table's caller): SERVICE_KEY or
  // SERVICE_KEY_FILE, else the key `npm start` keeps for the operator at <DATA_DIR>/keys/ops.key.
  identity: () =>
    loadCallerIdentityOrExit(OPS_CALLER, {
      defaultKeyFile: localKeyFile(path.resolve(process.env.DATA_DIR ?? '.data'), OPS_CALLER),
    }),
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
});
// open HTTP/2 sessions to the services would keep the process alive: end once the output is out
process.stdout.write('', () => process.exit(code));
