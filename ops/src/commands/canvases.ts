/** `canvases`: every canvas with its sales (sold of total pixels) and which one is active. */
import { TOTAL_PIXELS } from '@tessera/facts/grid';
import { count, table, yesNo } from '../table.js';
import type { Command } from '../context.js';

export const canvases: Command = async ({ clients, print }) => {
  const { canvases: list } = await clients.canvas.listCanvases({});
  if (list.length === 0) {
    print('No canvases yet.');
    return 0;
  }
  print(
    table(
      [
        { title: 'index', value: (c) => String(c.canvasIndex), align: 'right' },
        { title: 'name', value: (c) => c.name },
        { title: 'active', value: (c) => (c.isActive ? 'active' : '') },
        {
          title: 'sold pixels',
          value: (c) => `${count(c.soldPixels)} / ${count(c.totalPixels || TOTAL_PIXELS)}`,
          align: 'right',
        },
        {
          title: 'sold',
          value: (c) => `${((100 * c.soldPixels) / (c.totalPixels || TOTAL_PIXELS)).toFixed(2)}%`,
          align: 'right',
        },
        { title: 'sold out', value: (c) => yesNo(c.soldOut) },
      ],
      list,
    ),
  );
  const active = list.find((c) => c.isActive);
  print(active ? `\nActive: canvas ${active.canvasIndex} "${active.name}".` : '\nNo canvas is active.');
  return 0;
};
