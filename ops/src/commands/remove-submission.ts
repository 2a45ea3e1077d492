/** `remove-submission <id> --reason "..."`: an operator's removal of a submission, audited with the reason. */
import type { Command } from '../context.js';
import { checkAudit, requiredFlag, stringFlag, UsageError } from '../args.js';

export const removeSubmission: Command = async ({ args, clients, print, defaultOperator }) => {
  if (args.positionals.length !== 1) throw new UsageError('remove-submission takes one submission id');
  const submissionId = args.positionals[0]!.trim();
  const reason = requiredFlag(args.flags, 'reason', 'why the submission is removed');
  const operator = stringFlag(args.flags, 'operator') ?? defaultOperator ?? '';
  checkAudit({ operator, reason });
  const { removed } = await clients.submission.removeSubmission({ submissionId, reason, operator });
  print(removed ? `Removed submission ${submissionId}.` : `Submission ${submissionId} was already removed.`);
  return 0;
};
