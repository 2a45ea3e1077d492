/**
 * Heap per order of payment's three embedded collections (`services/embedded/dist`, and
 * `services/payment/dist` for payment's indexes and order shape: `npm run build` first), written
 * through the store as the payment service writes them: the order (inserted, then granted by a
 * compare-and-set), the sandbox provider's intent (inserted, then succeeded) and the
 * provider event, with the services' indexes. Prints the heap used after two garbage collections per
 * order, for all three and for each alone, with the store's default documents in memory and with
 * every document in memory.
 *
 *   node --expose-gc loadtests/docstore-memory.bench.mjs            # 20,000 orders
 *   DOCSTORE_MEMORY_ORDERS=50000 node --expose-gc loadtests/docstore-memory.bench.mjs
 *   DOCSTORE_BENCH_ROOT=/tmp/other-worktree node --expose-gc loadtests/docstore-memory.bench.mjs   # A/B
 *
 * Each measurement runs in its own Node process (a child of this one), so none inherits another's heap.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const root = process.env.DOCSTORE_BENCH_ROOT ?? path.resolve(path.dirname(here), '..');
const N = Number(process.env.DOCSTORE_MEMORY_ORDERS ?? 20_000);
const [, , role, which, hot] = process.argv;

if (role !== 'child') {
  console.log(`heap per order, ${N} orders, ${root}`);
  for (const hotDocuments of ['default', 'all'])
    for (const what of ['all', 'orders', 'intents', 'events']) {
      const out = execFileSync(process.execPath, ['--expose-gc', here, 'child', what, hotDocuments], {
        encoding: 'utf8',
      });
      console.log(
        `  ${hotDocuments === 'all' ? 'every document in memory' : "store's default"}: ${out.trim()}`,
      );
    }
  process.exit(0);
}

if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
const { createEmbeddedDocumentStore } = await import(path.join(root, 'services/embedded/dist/index.js'));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docstore-memory-'));
const store = await createEmbeddedDocumentStore(dir, {
  compactEveryWrites: 1e9,
  ...(hot === 'all' ? { hotDocuments: 1e9 } : {}),
});
// payment's own indexes and order shape (services/payment/dist: `npm run build`)
const paymentDist = path.join(root, 'services/payment/dist');
const { ORDER_INDEXES } = await import(path.join(paymentDist, 'adapters/orders.js'));
const { SANDBOX_INTENT_INDEXES } = await import(path.join(paymentDist, 'adapters/sandbox-provider.js'));
const { pendingOrder } = await import(path.join(paymentDist, 'domain/order.js'));
const orders = await store.collection('orders', { indexes: [...ORDER_INDEXES] });
const intents = await store.collection('sandbox_intents', { indexes: [...SANDBOX_INTENT_INDEXES] });
const events = await store.collection('provider_events');
const users = Array.from({ length: 16 }, () => crypto.randomUUID());
const hex = (/** @type {number} */ n) => crypto.randomBytes(n).toString('hex');
const gc = /** @type {() => void} */ (globalThis.gc);
const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const before = heapUsed();
for (let i = 0; i < N; i++) {
  const id = `pi_sbx_${hex(16)}`;
  const userId = users[i % users.length];
  const key = `${userId}:${crypto.randomUUID()}`;
  const secret = `${id}_secret_${hex(12)}`;
  const now = Date.now();
  if (which === 'all' || which === 'orders') {
    // an order as payment stores it (a 1-pixel order of the soak)
    await orders.insertOne(
      pendingOrder(
        {
          _id: id,
          userId,
          canvasIndex: 1,
          boardIndex: i % 625,
          pixels: [{ x: i % 49, y: 0, color: '#2C4678', isDefault: true }],
          breakdown: {
            artistColorCount: 1,
            customColorCount: 0,
            artistColorCents: 100,
            customColorCents: 0,
            subtotalCents: 100,
            serviceFeeCents: 33,
            taxRateBps: 800,
            taxAmountCents: 8,
            totalCents: 141,
            taxJurisdiction: 'Estimated',
          },
          currency: 'usd',
          description: `1 pixel(s) on board ${i % 625}`,
          billingAddress: null,
          clientSecret: secret,
          idempotencyKey: key,
          fencingToken: 1795987657667200 + i,
        },
        now,
      ),
    );
    await orders.findOneAndUpdate(
      { _id: id, version: 1 },
      {
        $set: {
          state: 'granted',
          receivedCents: 141,
          grantedAt: now,
          ledger: {
            orderId: id,
            canvasIndex: 1,
            receivedCents: 141,
            artistCents: 70,
            galleryCents: 30,
            feeCents: 33,
            taxCents: 8,
          },
          eventPublished: true,
          updatedAt: now,
        },
        $inc: { version: 1 },
      },
    );
  }
  if (which === 'all' || which === 'intents') {
    await intents.insertOne({
      _id: id,
      id,
      clientSecret: secret,
      status: 'requires_payment_method',
      amountCents: 141,
      amountReceivedCents: 0,
      refundedCents: 0,
      currency: 'usd',
      metadata: { user_id: userId, canvas_index: '1', board_index: String(i % 625) },
      idempotencyKey: `create-${key}`,
      description: `1 pixel(s) on board ${i % 625}`,
      lastError: '',
      createdAt: now,
    });
    await intents.updateOne({ _id: id }, { $set: { status: 'succeeded', amountReceivedCents: 141 } });
  }
  if (which === 'all' || which === 'events')
    await events.insertOne({
      _id: `evt_sbx_${hex(16)}`,
      type: 'payment_intent.succeeded',
      intentId: id,
      handledAt: now,
    });
}
// a compaction started by the logs' size finishes before the heap is read
await new Promise((resolve) => setTimeout(resolve, 3000));
const grown = heapUsed() - before;
console.log(`${which}: heap +${(grown / 1048576).toFixed(1)} MB, ${Math.round(grown / N)} B per order`);
await store.close();
fs.rmSync(dir, { recursive: true, force: true });
