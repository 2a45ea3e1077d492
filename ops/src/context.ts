/** What a command gets: its arguments, the service clients and where to print. */
import type { Parsed } from './args.js';
import type { OpsClients } from './clients.js';

export interface CommandContext {
  args: Parsed;
  clients: OpsClients;
  /** Prints a line (or block) to stdout. */
  print(text: string): void;
  /** Prints a line to stderr. */
  warn(text: string): void;
  /** Who runs the command when --operator is not given ($USER), for the audit logs. */
  defaultOperator: string | undefined;
}

/** Exit status of a command: 0 done, 1 a service refused or failed. */
export type Command = (ctx: CommandContext) => Promise<number>;
