// One submission: square image, title, @username, the Verified badge, relative time, description,
// the vote control and, for its owner, the two-step Delete.
import { useEffect, useId, useRef } from 'react';
import type { Submission } from './artist-selection-api.js';
import { useSignedIn } from '../../auth/use-auth.js';
import { DeleteButton } from './DeleteButton.js';
import type { SubmissionListKey } from './queries.js';
import { timeAgo } from './relative-time.js';
import { useDeleteSubmission, useVote, type DeleteOptions } from './use-submission-actions.js';
import { VerifiedBadge } from './VerifiedBadge.js';
import { VoteControl } from './VoteControl.js';
import './submission-card.css';

export interface CardContext {
  listKey: SubmissionListKey;
  sortedByHot: boolean;
  viewerId: string | null;
  now: number;
  deleteOptions: DeleteOptions;
  /** The submission just created by the viewer: marked and scrolled into view. */
  newId?: string | null;
}

/** The mark on the viewer's submission right after submitting it. */
export const JUST_SUBMITTED = 'Just submitted';

export function SubmissionCard({ submission, context }: { submission: Submission; context: CardContext }) {
  const titleId = useId();
  const signedIn = useSignedIn();
  const vote = useVote(context.listKey, context.sortedByHot);
  const remove = useDeleteSubmission(context.listKey, context.deleteOptions);
  const isOwner = context.viewerId !== null && submission.userId === context.viewerId;
  const isNew = context.newId === submission.id;
  const cardRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (isNew) cardRef.current?.scrollIntoView({ block: 'center' });
  }, [isNew]);

  return (
    <article
      ref={cardRef}
      className={`submission-card${isNew ? ' submission-card--new' : ''}`}
      aria-labelledby={titleId}
      data-submission-id={submission.id}
    >
      <div className="submission-card__media checkerboard">
        <img src={submission.imageUrl} alt={submission.title} loading="lazy" decoding="async" />
      </div>
      <div className="submission-card__body">
        {isNew && <span className="submission-card__new">{JUST_SUBMITTED}</span>}
        <h2 id={titleId} className="submission-card__title">
          {submission.title}
        </h2>
        <p className="submission-card__meta">
          <span className="submission-card__user">@{submission.username}</span>
          {submission.isVerifiedContributor && <VerifiedBadge />}
          {submission.createdAt !== null && (
            <time
              className="submission-card__time"
              dateTime={new Date(submission.createdAt).toISOString()}
              title={new Date(submission.createdAt).toLocaleString()}
            >
              {timeAgo(submission.createdAt, context.now)}
            </time>
          )}
        </p>
        <p className="submission-card__description">{submission.description}</p>
      </div>
      <footer className="submission-card__footer">
        <VoteControl
          submission={submission}
          signedIn={signedIn}
          pending={vote.isPending}
          onVote={(tap) => vote.mutate({ submission, tap })}
        />
        {isOwner && <DeleteButton deleting={remove.isPending} onDelete={() => remove.mutate(submission)} />}
      </footer>
    </article>
  );
}
