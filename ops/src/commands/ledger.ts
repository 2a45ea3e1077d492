/**
 * `ledger [--canvas N]`: the money per canvas from the payment service's ledger: orders, received,
 * the artist's and the gallery's shares of the pixel sales (facts' revenue split, 70/30), fees and
 * tax (integer cents, printed as dollars). Without --canvas: every canvas, and the totals.
 */
import { ARTIST_SHARE_PERCENT, formatDollars, GALLERY_SHARE_PERCENT } from '@tessera/facts/pricing';
import type { GetLedgerResponse } from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import { intFlag } from '../args.js';
import { count, table } from '../table.js';
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
        { title: 'received', value: (l) => formatDollars(l.r.receivedCents), align: 'right' },
        {
          title: `artist ${ARTIST_SHARE_PERCENT}%`,
          value: (l) => formatDollars(l.r.artistCents),
          align: 'right',
        },
        {
          title: `gallery ${GALLERY_SHARE_PERCENT}%`,
          value: (l) => formatDollars(l.r.galleryCents),
          align: 'right',
        },
        { title: 'fees', value: (l) => formatDollars(l.r.feeCents), align: 'right' },
        { title: 'tax', value: (l) => formatDollars(l.r.taxCents), align: 'right' },
      ],
      all,
    ),
  );
  print(
    `\nreceived = artist + gallery (the pixel sales, ${ARTIST_SHARE_PERCENT}/${GALLERY_SHARE_PERCENT}) + service fees + tax.`,
  );
  return 0;
};
