/**
 * `ledger [--canvas N]`: the money per canvas from the payment service's ledger: orders, received,
 * the artist's 70 % and the gallery's 30 % of the pixel sales, fees and tax (integer cents, printed
 * as dollars). Without --canvas: every canvas, and the totals.
 */
import type { GetLedgerResponse } from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import { intFlag } from '../args.js';
import { count, dollars, table } from '../table.js';
import type { Command } from '../context.js';

export const ledger: Command = async ({ args, clients, print }) => {
  const only = intFlag(args.flags, 'canvas');
  const indexes =
    only !== undefined ? [only] : (await clients.canvas.listCanvases({})).canvases.map((c) => c.canvasIndex);
  if (indexes.length === 0) {
    print('No canvases yet.');
    return 0;
  }
  const rows: GetLedgerResponse[] = [];
  for (const canvasIndex of indexes) rows.push(await clients.payment.getLedger({ canvasIndex }));
  const sum = (f: (r: GetLedgerResponse) => number) => rows.reduce((n, r) => n + f(r), 0);
  const lines = rows.map((r) => ({ label: String(r.canvasIndex), r }));
  const total = {
    label: 'total',
    r: {
      orderCount: sum((r) => r.orderCount),
      receivedCents: sum((r) => r.receivedCents),
      artistCents: sum((r) => r.artistCents),
      galleryCents: sum((r) => r.galleryCents),
      feeCents: sum((r) => r.feeCents),
      taxCents: sum((r) => r.taxCents),
    },
  };
  type Line = {
    label: string;
    r: Pick<
      GetLedgerResponse,
      'orderCount' | 'receivedCents' | 'artistCents' | 'galleryCents' | 'feeCents' | 'taxCents'
    >;
  };
  const all: Line[] = rows.length > 1 ? [...lines, total] : lines;
  print(
    table<Line>(
      [
        { title: 'canvas', value: (l) => l.label, align: 'right' },
        { title: 'orders', value: (l) => count(l.r.orderCount), align: 'right' },
        { title: 'received', value: (l) => dollars(l.r.receivedCents), align: 'right' },
        { title: 'artist 70%', value: (l) => dollars(l.r.artistCents), align: 'right' },
        { title: 'gallery 30%', value: (l) => dollars(l.r.galleryCents), align: 'right' },
        { title: 'fees', value: (l) => dollars(l.r.feeCents), align: 'right' },
        { title: 'tax', value: (l) => dollars(l.r.taxCents), align: 'right' },
      ],
      all,
    ),
  );
  print('\nreceived = artist + gallery (the pixel sales, 70/30) + service fees + tax.');
  return 0;
};
