/** Plain-text tables and the number formats the CLI prints. */

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

/** Integer cents -> "$1,234.56" (negative amounts as "-$1.00"). */
export function dollars(cents: number): string {
  const c = Math.round(cents);
  const abs = Math.abs(c);
  const text = `$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
  return c < 0 ? `-${text}` : text;
}

export const yesNo = (b: boolean) => (b ? 'yes' : 'no');
