/** Command-line arguments: flags and positionals, with the checks every command shares. */
import { parseArgs } from 'node:util';
import { BOARD_SIZE, PIXELS_PER_BOARD, isPixelCoordinate } from '@tessera/facts/grid';
import { auditInputProblem } from '@tessera/facts/inputs';

/** A mistake on the command line (exit 2, with the usage hint). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Who acts and why, by the rule the services apply to an audited action (@tessera/facts/inputs), so a
 * bad `--operator` or `--reason` is refused before anything is called: "--reason must be 3 to 500
 * characters (why, for the audit log)".
 */
export function checkAudit(input: { operator: string; reason?: string }): void {
  const problem = auditInputProblem(input);
  if (problem) throw new UsageError(`--${problem.message}`);
}

export interface Parsed {
  command: string | undefined;
  positionals: string[];
  flags: Record<string, string | boolean | undefined>;
}

const OPTIONS = {
  canvas: { type: 'string' },
  board: { type: 'string' },
  pixels: { type: 'string' },
  reason: { type: 'string' },
  operator: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parse(argv: string[]): Parsed {
  let out;
  try {
    out = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, ''));
  }
  const [command, ...positionals] = out.positionals;
  return { command, positionals, flags: out.values };
}

/** A non-negative integer flag (or undefined when absent). */
export function intFlag(flags: Parsed['flags'], name: string, max = 0x7fffffff): number | undefined {
  const v = flags[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !/^\d{1,10}$/.test(v.trim()) || Number(v) > max)
    throw new UsageError(`--${name} must be an integer from 0 to ${max} (got '${String(v)}')`);
  return Number(v);
}

export function stringFlag(flags: Parsed['flags'], name: string): string | undefined {
  const v = flags[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`--${name} needs a value`);
  return v.trim();
}

export function requiredFlag(flags: Parsed['flags'], name: string, what: string): string {
  const v = stringFlag(flags, name);
  if (v === undefined) throw new UsageError(`--${name} is required (${what})`);
  return v;
}

/** "x,y;x,y" -> distinct in-board pixels (0 to BOARD_SIZE - 1), in the order given. */
export function parsePixels(text: string): { x: number; y: number }[] {
  const seen = new Set<string>();
  const out: { x: number; y: number }[] = [];
  for (const part of text.split(';')) {
    const item = part.trim();
    if (!item) continue;
    const m = /^(\d{1,2})\s*,\s*(\d{1,2})$/.exec(item);
    const x = Number(m?.[1]);
    const y = Number(m?.[2]);
    if (!m || !isPixelCoordinate(x) || !isPixelCoordinate(y))
      throw new UsageError(
        `--pixels: '${item}' is not a pixel "x,y" with x and y from 0 to ${BOARD_SIZE - 1}`,
      );
    const key = `${x},${y}`;
    if (!seen.has(key)) out.push({ x, y });
    seen.add(key);
  }
  if (out.length === 0) throw new UsageError('--pixels needs at least one pixel, as "x,y;x,y"');
  if (out.length > PIXELS_PER_BOARD)
    throw new UsageError(`--pixels lists more pixels than a board has (${PIXELS_PER_BOARD})`);
  return out;
}
