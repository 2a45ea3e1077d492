// Upvote and downvote buttons around the net score (spec section 2): plus sign when positive; green
// above zero, red below, grey at zero. The tapped button pulses for 300 ms. Guests get disabled buttons
// titled "Sign in to upvote" / "Sign in to downvote".
import { useState } from 'react';
import type { VoteType } from '@tessera/facts/submissions';
import type { Submission } from './artist-selection-api.js';
import { useTimeout } from '../../lib/use-timeout.js';
import { PAGE_TEXT } from './messages.js';
import { formatScore, scoreTone } from './votes.js';

export const PULSE_MS = 300;

export interface VoteControlProps {
  submission: Submission;
  signedIn: boolean;
  pending: boolean;
  onVote(tap: VoteType): void;
}

export function VoteControl({ submission, signedIn, pending, onVote }: VoteControlProps) {
  // A new object for each tap, so another tap starts the 300 ms again.
  const [pulse, setPulse] = useState<{ value: VoteType } | null>(null);
  useTimeout(() => setPulse(null), pulse ? PULSE_MS : null, pulse);

  const tap = (value: VoteType) => {
    if (!signedIn || pending) return;
    setPulse({ value });
    onVote(value);
  };

  const vote = submission.userVoteType;
  const button = (value: VoteType) => {
    const up = value === 1;
    const active = vote === value;
    const label = up ? PAGE_TEXT.upvote : PAGE_TEXT.downvote;
    const classes = [
      'vote__button',
      up ? 'vote__button--up' : 'vote__button--down',
      active ? 'is-active' : '',
      pulse?.value === value ? 'is-pulsing' : '',
    ];
    return (
      <button
        type="button"
        className={classes.filter(Boolean).join(' ')}
        aria-label={label}
        aria-pressed={signedIn ? active : undefined}
        aria-disabled={pending || undefined}
        disabled={!signedIn}
        title={signedIn ? label : up ? PAGE_TEXT.signInToUpvote : PAGE_TEXT.signInToDownvote}
        onClick={() => tap(value)}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path d={up ? 'M12 5l8 11H4z' : 'M12 19L4 8h16z'} fill="currentColor" />
        </svg>
      </button>
    );
  };

  return (
    <div className="vote" role="group" aria-label={`Votes for ${submission.title}`}>
      {button(1)}
      <span
        className={`vote__score vote__score--${scoreTone(submission.netScore)}`}
        aria-label={`Net score ${formatScore(submission.netScore)}`}
      >
        {formatScore(submission.netScore)}
      </span>
      {button(-1)}
    </div>
  );
}
