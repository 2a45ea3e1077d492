// The first-visit tutorial's three steps (spec section 2, "First-visit tutorial modal").
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { SOCIAL_LINKS } from '../../app/site.js';

export interface TutorialStep {
  title: string;
  body: ReactNode;
}

export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    title: 'How to Start',
    body: (
      <ul className="tutorial__list">
        <li>Click any board on the canvas to open it for editing.</li>
        <li>Click and drag across pixels to select them, then choose a colour.</li>
        <li>All purchases are final: once a pixel is bought, no one can change it.</li>
      </ul>
    ),
  },
  {
    title: 'Become the Next Artist',
    body: (
      <ul className="tutorial__list">
        <li>
          To be eligible as a featured artist you must follow us on social media:{' '}
          {SOCIAL_LINKS.map((s, i) => (
            <span key={s.name}>
              {i > 0 && ', '}
              <a href={s.href} target="_blank" rel="noreferrer">
                {s.name}
              </a>
            </span>
          ))}
          .
        </li>
        <li>
          Start prepping your submission now: the community votes on the next featured artwork on the{' '}
          <Link to="/artist-selection">Artist Selection</Link> page.
        </li>
      </ul>
    ),
  },
  {
    title: 'Community Guidelines',
    body: (
      <ul className="tutorial__list">
        <li>
          <strong>No Hate.</strong> Purchases may be reset to default if a message or image is deemed hateful.
        </li>
        <li>
          <strong>Have fun, Lean in</strong>
        </li>
      </ul>
    ),
  },
];
