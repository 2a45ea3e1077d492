// The card actions as TanStack Query mutations: a vote (optimistic, put back on failure, then the
// server's score; re-sorted under Hot) and the owner's delete (removed, then the list reloads; the
// previous page when the last item of a page above 1 went). Toasts of spec sections 4 and 8.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoteType } from '@tessera/facts/submissions';
import { artistSelectionApi, type Submission, type SubmissionPage } from './artist-selection-api.js';
import { useApi } from '../../app/router-context.js';
import { toast } from '../../app/toast/toast-store.js';
import { TOASTS, deleteFailure, voteFailure } from './messages.js';
import { submissionKeys, type SubmissionListKey } from './queries.js';
import { isIneligibleVote, openVerifyEmail } from './verify-email.js';
import { applyTap, applyVoteResult, removeItem, revertItem, updateItem, voteToast } from './votes.js';

export interface VoteVariables {
  submission: Submission;
  tap: VoteType;
}

export function useVote(listKey: SubmissionListKey, sortedByHot: boolean) {
  const api = useApi();
  const queryClient = useQueryClient();
  const setPage = (fn: (page: SubmissionPage) => SubmissionPage) =>
    queryClient.setQueryData<SubmissionPage>(listKey, (old) => (old ? fn(old) : old));

  const mutation = useMutation({
    mutationFn: ({ submission, tap }: VoteVariables) => artistSelectionApi(api).vote(submission.id, tap),
    onMutate: async ({ submission, tap }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      setPage((page) => updateItem(page, submission.id, (s) => applyTap(s, tap)));
      return { before: submission };
    },
    onError: (error, variables, context) => {
      if (context) setPage((page) => revertItem(page, context.before));
      // not yet allowed to vote: the page offers to verify the address, then votes again
      if (isIneligibleVote(error)) {
        openVerifyEmail(() => mutation.mutate(variables));
        return;
      }
      const failure = voteFailure(error);
      toast.error(failure.message);
      if (failure.then === 'reload') void queryClient.invalidateQueries({ queryKey: submissionKeys.all });
    },
    onSuccess: (result, { submission }) => {
      setPage((page) => applyVoteResult(page, submission.id, result, sortedByHot));
      if (result.deleted) toast.info(TOASTS.removedByVotes);
      else toast.success(voteToast(result.userVoteType));
    },
    // Other pages and sorts may hold this submission: they reload when shown again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: submissionKeys.all, refetchType: 'none' }),
  });
  return mutation;
}

export interface DeleteOptions {
  page: number;
  /** Called after the user's own submission is gone (the Submit Artwork button comes back). */
  onDeleted(): void;
  goToPage(page: number): void;
}

export function useDeleteSubmission(listKey: SubmissionListKey, options: DeleteOptions) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submission: Submission) => artistSelectionApi(api).remove(submission.id),
    onSuccess: (_result, submission) => {
      const next = queryClient.setQueryData<SubmissionPage>(listKey, (old) =>
        old ? removeItem(old, submission.id) : old,
      );
      options.onDeleted();
      toast.success(TOASTS.deleted);
      if (next && next.items.length === 0 && options.page > 1) options.goToPage(options.page - 1);
      void queryClient.invalidateQueries({ queryKey: submissionKeys.all });
    },
    onError: (error) => {
      const failure = deleteFailure(error);
      toast.error(failure.message);
      if (failure.then === 'reload') void queryClient.invalidateQueries({ queryKey: submissionKeys.all });
    },
  });
}
