/**
 * `promote [submissionId]`: makes a submission the next canvas now (the top-voted one when no id is
 * given), through the submission service's PromoteSubmission: the renderer rasterises its image, the
 * canvas service creates and activates the canvas, the submission is featured.
 */
import type { Command } from '../context.js';
import { checkAudit, stringFlag, UsageError } from '../args.js';

export const promote: Command = async ({ args, clients, print, defaultOperator }) => {
  if (args.positionals.length > 1) throw new UsageError('promote takes at most one submission id');
  const submissionId = args.positionals[0]?.trim() ?? '';
  const operator = stringFlag(args.flags, 'operator') ?? defaultOperator ?? '';
  checkAudit({ operator });
  const res = await clients.submission.promoteSubmission({ submissionId, operator });
  const s = res.submission;
  const what = s
    ? `submission ${s.id} "${s.title}" by @${s.username} (net score ${s.netScore})`
    : 'the submission';
  print(`Promoted ${what}: canvas ${res.canvasIndex} is now the active canvas.`);
  return 0;
};
