// The baseline server of the read-path scenarios: a bare Koa app that answers every request with the
// bytes and headers in <dir>/body and <dir>/headers.json (prebuilt, compressed once), nothing else.
// Started by bench-kit.mjs `bareKoa()` in its own process; prints "listening <port>".
import fs from 'node:fs';
import path from 'node:path';
import Koa from 'koa';

const dir = process.argv[2] ?? '.';
const body = fs.readFileSync(path.join(dir, 'body'));
const headers = JSON.parse(fs.readFileSync(path.join(dir, 'headers.json'), 'utf8'));
const app = new Koa();
app.use(async function bare(ctx) {
  ctx.set(headers);
  ctx.body = body;
});
const server = app.listen(0, '127.0.0.1', () => {
  const addr = /** @type {import('node:net').AddressInfo} */ (server.address());
  process.stdout.write(`listening ${addr.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
