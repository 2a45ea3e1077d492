/**
 * The operator CLI (`npm run ops -- <command>`), against the running services. `runCli` parses the
 * arguments, runs one command and returns the exit status: 0 done, 1 a service refused or could not
 * be reached, 2 a mistake on the command line. Output goes through `io` (tests capture it).
 */
import { Code, ConnectError } from '@connectrpc/connect';
import { ARTIST_SHARE_PERCENT, GALLERY_SHARE_PERCENT } from '@tessera/facts/pricing';
import { ConfigError, type CallerIdentity } from '@tessera/kit';
import { parse, UsageError } from './args.js';
import { opsClients, readSettings, UNREACHABLE } from './clients.js';
import type { Command } from './context.js';
import { canvases } from './commands/canvases.js';
import { ledger } from './commands/ledger.js';
import { promote } from './commands/promote.js';
import { removeSubmission } from './commands/remove-submission.js';
import { resetPixels } from './commands/reset-pixels.js';

export const USAGE = `Tessera operator CLI: npm run ops -- <command> [options]

Commands:
  canvases                        every canvas: index, name, active, sold / total pixels, sold out
  promote [submissionId]          make a submission the next canvas now (the top-voted one without an id)
                                  [--operator NAME]
  reset-pixels --canvas N --board B --pixels x,y[;x,y...] --reason "..." --operator NAME
                                  put purchased pixels back to their default (artist) colour; they stay
                                  sold, each reset is audited with the operator and the reason
  remove-submission <id> --reason "..." [--operator NAME]
                                  remove a submission (audited with the reason)
  ledger [--canvas N]             money per canvas: orders, received, artist ${ARTIST_SHARE_PERCENT}% / gallery ${GALLERY_SHARE_PERCENT}%, fees, tax

Options:
  --operator NAME                 who acts, for the audit logs (default: $USER; required by reset-pixels)
  -h, --help                      this text

The services are found by IDENTITY_URL, CANVAS_URL, LOCK_URL, PAYMENT_URL, RENDERER_URL and
SUBMISSION_URL, else by TESSERA_PORT_BASE as npm start assigns ports, else on 127.0.0.1 at their
default ports (50051-50056). RPC_TIMEOUT_MS bounds each call (default 30000).
Exit status: 0 done, 1 a service refused or could not be reached, 2 a mistake on the command line.`;

const COMMANDS: Record<string, Command> = {
  canvases,
  promote,
  'reset-pixels': resetPixels,
  'remove-submission': removeSubmission,
  ledger,
};

export interface CliIo {
  env: Record<string, string | undefined>;
  /** The `ops` caller identity whose service token every call carries (main.ts loads it). */
  identity?: () => CallerIdentity;
  out(text: string): void;
  err(text: string): void;
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let command: string | undefined;
  try {
    const args = parse(argv);
    command = args.command;
    if (args.flags.help || command === 'help' || command === undefined) {
      io.out(USAGE);
      return command === undefined && !args.flags.help ? 2 : 0;
    }
    const run = COMMANDS[command];
    if (!run) throw new UsageError(`unknown command '${command}'`);
    return await run({
      args,
      clients: opsClients(readSettings(io.env), io.identity?.()),
      print: io.out,
      warn: io.err,
      defaultOperator: io.env.TESSERA_OPERATOR?.trim() || io.env.USER?.trim() || undefined,
    });
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`error: ${err.message}\nRun "npm run ops -- --help" for the commands and options.`);
      return 2;
    }
    if (err instanceof ConfigError) {
      io.err(`error: ${err.message}`);
      return 2;
    }
    const ce = ConnectError.from(err);
    const down = ce.metadata.get(UNREACHABLE);
    if (down) {
      io.err(
        `error: ${command}: ${down} did not answer (${ce.rawMessage}). ` +
          'Is Tessera running (npm start), and are the *_URL variables right?',
      );
      return 1;
    }
    io.err(`error: ${command}: ${ce.rawMessage} (${Code[ce.code]})`);
    return 1;
  }
}
