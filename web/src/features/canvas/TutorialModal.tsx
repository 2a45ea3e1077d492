// First-visit tutorial: three steps with a progress bar, Skip tutorial, Back, Continue and Start.
// Shown once per session, 800 ms after the page loads, as the session-storage record decides.
import { useMemo, useState } from 'react';
import {
  readTutorial,
  shouldShowTutorial,
  TUTORIAL_DELAY_MS,
  tutorialRecord,
  writeTutorial,
  type SessionLike,
} from '../../canvas-scene/index.js';
import { ModalBackdrop } from '../../components/ModalBackdrop.js';
import { useFocusedHeading } from '../../lib/use-modal.js';
import { useTimeout } from '../../lib/use-timeout.js';
import { TUTORIAL_STEPS } from './tutorial-steps.js';

function sessionStore(): SessionLike | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Opens the tutorial 800 ms after `ready` turns true, when the stored record asks for it. */
export function useFirstVisitTutorial(ready: boolean) {
  const [open, setOpen] = useState(false);
  // the stored record is read when the page becomes ready, not on every render
  const due = useMemo(() => ready && shouldShowTutorial(readTutorial(sessionStore())), [ready]);
  useTimeout(() => setOpen(true), due ? TUTORIAL_DELAY_MS : null);
  const finish = (skipped: boolean) => {
    writeTutorial(sessionStore(), tutorialRecord(skipped, Date.now()));
    setOpen(false);
  };
  return { open, finish };
}

export function TutorialModal({ onFinish }: { onFinish: (skipped: boolean) => void }) {
  const [step, setStep] = useState(0);
  const headingRef = useFocusedHeading(step);
  const total = TUTORIAL_STEPS.length;
  const current = TUTORIAL_STEPS[step] ?? TUTORIAL_STEPS[0];
  const last = step === total - 1;

  if (!current) return null;
  return (
    <ModalBackdrop className="canvas-modal" onEscape={() => onFinish(true)}>
      <div
        className="canvas-modal__card tutorial"
        role="dialog"
        aria-modal="true"
        aria-labelledby="tutorial-title"
      >
        <div
          className="tutorial__progress"
          role="progressbar"
          aria-label="Tutorial progress"
          aria-valuemin={1}
          aria-valuemax={total}
          aria-valuenow={step + 1}
          aria-valuetext={`Step ${step + 1} of ${total}`}
        >
          <span style={{ width: `${((step + 1) / total) * 100}%` }} />
        </div>
        <p className="tutorial__step">
          Step {step + 1} of {total}
        </p>
        <h2 id="tutorial-title" ref={headingRef} tabIndex={-1}>
          {current.title}
        </h2>
        <div className="tutorial__body">{current.body}</div>
        <div className="tutorial__actions">
          <button type="button" className="tutorial__skip" onClick={() => onFinish(true)}>
            Skip tutorial
          </button>
          <div className="button-row">
            {step > 0 && (
              <button type="button" className="button button--secondary" onClick={() => setStep(step - 1)}>
                Back
              </button>
            )}
            <button
              type="button"
              className="button button--primary"
              onClick={() => (last ? onFinish(false) : setStep(step + 1))}
            >
              {last ? 'Start' : 'Continue'}
            </button>
          </div>
        </div>
      </div>
    </ModalBackdrop>
  );
}
