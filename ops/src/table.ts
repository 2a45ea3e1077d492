/** Plain-text tables and the counts the CLI prints (money: `@tessera/facts/pricing`'s `formatDollars`). */

export type Align = 'left' | 'right';

export interface Column<R> {
  title: string;
  value: (row: R) => string;
  align?: Align;
}

/** A table with a header, a rule and one line per row; columns as wide as their widest cell. */
export function table<R>(columns: Column<R>[], rows: readonly R[]): string {
  const cells = rows.map((r) => columns.map((c) => c.value(r)));
  const widths = columns.map((c, i) => Math.max(c.title.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => (columns[i]!.align === 'right' ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.title)), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join(
    '\n',
  );
}

/** 1234567 -> "1,234,567". */
export const count = (n: number) => Math.round(n).toLocaleString('en-US');

export const yesNo = (b: boolean) => (b ? 'yes' : 'no');
