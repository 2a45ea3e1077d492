// Opening a board from the canvas (spec section 2): disabled in preview mode; a guest gets the sign-in
// dialog (reason board-edit); otherwise the lock status is checked ("Checking board availability...")
// and the user goes to /canvas/art/{boardIndex}. If the check fails the user is let through.
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useSignedIn } from '../../auth/use-auth.js';
import { openSignInDialog } from '../auth-dialog/index.js';

export type LockVerdict =
  { kind: 'free' } | { kind: 'locked'; username: string | null; minutesRemaining: number };

/** The lock check (GET /boards/{canvasIndex}/{boardIndex}/status, features/canvas/use-board-locks.ts). */
export type BoardLockCheck = (canvasIndex: number, boardIndex: number) => Promise<LockVerdict>;
export const noLockCheck: BoardLockCheck = async () => ({ kind: 'free' });

export const CHECKING_BOARD_TEXT = 'Checking board availability...';

export function useBoardOpener(options: {
  canvasIndex: number;
  preview: boolean;
  checkLock?: BoardLockCheck;
  onLocked: (boardIndex: number, verdict: Extract<LockVerdict, { kind: 'locked' }>) => void;
}) {
  const { canvasIndex, preview, checkLock = noLockCheck, onLocked } = options;
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const [checking, setChecking] = useState<number | null>(null);
  const busy = useRef(false);

  const open = useCallback(
    async (boardIndex: number) => {
      if (preview || busy.current) return;
      if (!signedIn) {
        openSignInDialog('board-edit');
        return;
      }
      busy.current = true;
      setChecking(boardIndex);
      let verdict: LockVerdict;
      try {
        verdict = await checkLock(canvasIndex, boardIndex);
      } catch {
        verdict = { kind: 'free' };
      } finally {
        busy.current = false;
        setChecking(null);
      }
      if (verdict.kind === 'locked') {
        onLocked(boardIndex, verdict);
        return;
      }
      await navigate({ to: '/canvas/art/$boardIndex', params: { boardIndex }, search: {} });
    },
    [preview, signedIn, checkLock, canvasIndex, onLocked, navigate],
  );

  return { open, checking };
}
