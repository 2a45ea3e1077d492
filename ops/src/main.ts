#!/usr/bin/env node
// `npm run ops -- <command>`: the operator CLI process (cli.ts has the commands).
import { runCli } from './cli.js';

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
});
// open HTTP/2 sessions to the services would keep the process alive: end once the output is out
process.stdout.write('', () => process.exit(code));
