/**
 * `reset-pixels --canvas N --board B --pixels x,y[;x,y...] --reason "..." --operator NAME`: puts
 * purchased pixels back to their default (artist) colour, one canvas ResetPixel per pixel (each
 * audited with the operator and the reason; the pixels stay sold). Every pixel is tried; the table
 * says what happened to each, and the command fails when any was refused.
 */
import { Code, ConnectError } from '@connectrpc/connect';
import { TOTAL_BOARDS } from '@tessera/facts/grid';
import { checkAudit, intFlag, parsePixels, requiredFlag, UsageError } from '../args.js';
import { table } from '../table.js';
import type { Command } from '../context.js';

interface Row {
  x: number;
  y: number;
  result: string;
  previous: string;
  owner: string;
  now: string;
}

export const resetPixels: Command = async ({ args, clients, print }) => {
  const canvasIndex = intFlag(args.flags, 'canvas');
  const boardIndex = intFlag(args.flags, 'board', TOTAL_BOARDS - 1);
  if (canvasIndex === undefined) throw new UsageError('--canvas is required (the canvas index)');
  if (boardIndex === undefined)
    throw new UsageError(`--board is required (the board index, 0 to ${TOTAL_BOARDS - 1})`);
  const pixels = parsePixels(requiredFlag(args.flags, 'pixels', 'the pixels, as "x,y;x,y"'));
  const reason = requiredFlag(args.flags, 'reason', 'why the pixels are reset');
  const operator = requiredFlag(args.flags, 'operator', 'who resets them');
  checkAudit({ operator, reason });
  const rows: Row[] = [];
  let refused = 0;
  for (const { x, y } of pixels) {
    try {
      const r = await clients.canvas.resetPixel({ canvasIndex, boardIndex, x, y, reason, operator });
      rows.push({
        x,
        y,
        result: r.reset ? 'reset' : `already reset by ${r.operator}`,
        previous: r.previousColor,
        owner: r.ownerId,
        now: r.color,
      });
    } catch (err) {
      const e = ConnectError.from(err);
      // a refusal of this pixel (not sold, outside the board); anything else ends the command
      if (e.code !== Code.InvalidArgument) throw err;
      refused++;
      rows.push({ x, y, result: `refused: ${e.rawMessage}`, previous: '', owner: '', now: '' });
    }
  }
  print(
    `Canvas ${canvasIndex}, board ${boardIndex}: ${pixels.length} pixel(s), reason "${reason}", operator ${operator}`,
  );
  print(
    table<Row>(
      [
        { title: 'x', value: (r) => String(r.x), align: 'right' },
        { title: 'y', value: (r) => String(r.y), align: 'right' },
        { title: 'result', value: (r) => r.result },
        { title: 'was', value: (r) => r.previous },
        { title: 'owner (keeps it)', value: (r) => r.owner },
        { title: 'now', value: (r) => r.now },
      ],
      rows,
    ),
  );
  if (refused > 0) {
    print(`\n${refused} of ${pixels.length} pixel(s) refused.`);
    return 1;
  }
  return 0;
};
