// What the sign-in dialog says for each reason it was opened (spec section 2, "sign-in dialog").

import { DEFAULT_LOCK_MINUTES } from '@tessera/facts/locks';
import {
  ARTIST_COLOR_CENTS,
  ARTIST_SHARE_PERCENT,
  CUSTOM_COLOR_CENTS,
  formatDollars,
} from '@tessera/facts/pricing';

export const SIGN_IN_REASONS = [
  'board-edit',
  'board-lock',
  'pixel-purchase',
  'session-expired',
  'api-auth-error',
  'protected-action',
  'default',
] as const;

export type SignInReason = (typeof SIGN_IN_REASONS)[number];

export interface DialogContent {
  title: string;
  description: string;
  features: readonly string[];
}

const MEMBER_FEATURES = [
  'Lock a board and paint pixels in real time',
  `Buy pixels in the artist’s colour (${formatDollars(ARTIST_COLOR_CENTS)}) or your own (${formatDollars(CUSTOM_COLOR_CENTS)})`,
  'Vote for the next featured artist and submit your own artwork',
] as const;

const CONTENT: Record<SignInReason, DialogContent> = {
  'board-edit': {
    title: 'Sign In to Edit',
    description: 'Sign in to open this board and paint its pixels.',
    features: MEMBER_FEATURES,
  },
  'board-lock': {
    title: 'Sign In to Claim Board',
    description: `Sign in to claim this board: a lock gives you ${DEFAULT_LOCK_MINUTES} minutes of exclusive editing.`,
    features: [
      `Exclusive ${DEFAULT_LOCK_MINUTES}-minute lock, extendable while you work`,
      'Nobody else can edit the board while you hold it',
      'Your purchased pixels stay on the canvas for this iteration',
    ],
  },
  'pixel-purchase': {
    title: 'Sign In to Purchase',
    description: 'Sign in to buy pixels on the shared canvas.',
    features: [
      `${ARTIST_SHARE_PERCENT}% of every purchase goes to the featured artist`,
      `Artist’s colour ${formatDollars(ARTIST_COLOR_CENTS)} per pixel, your own colour ${formatDollars(CUSTOM_COLOR_CENTS)}`,
      'A purchased pixel is final: no one can change it this iteration',
    ],
  },
  'session-expired': {
    title: 'Session Expired',
    description: 'Your session has expired. Please sign in again to continue where you left off.',
    features: ['Your purchased pixels and votes are safe', 'Signing in again takes a few seconds'],
  },
  'api-auth-error': {
    title: 'Authentication Required',
    description: 'We could not confirm who you are. Please sign in again to continue.',
    features: ['Your purchased pixels and votes are safe', 'Signing in again takes a few seconds'],
  },
  'protected-action': {
    title: 'Sign In Required',
    description: 'You need to be signed in to do that.',
    features: MEMBER_FEATURES,
  },
  default: {
    title: 'Sign In Required',
    description: 'You need to be signed in to do that.',
    features: MEMBER_FEATURES,
  },
};

export function isSignInReason(value: unknown): value is SignInReason {
  return typeof value === 'string' && (SIGN_IN_REASONS as readonly string[]).includes(value);
}

/** The dialog's texts; an unknown reason gets the default variant. */
export function dialogContent(reason: string | null | undefined): DialogContent {
  return isSignInReason(reason) ? CONTENT[reason] : CONTENT.default;
}
