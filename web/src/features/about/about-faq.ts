// Questions and answers shown on the About page.

import {
  ARTIST_COLOR_CENTS,
  ARTIST_SHARE_PERCENT,
  CUSTOM_COLOR_CENTS,
  GALLERY_SHARE_PERCENT,
} from '@tessera/facts/pricing';
import { GALLERY_FIGURES, inDollars } from '../../lib/gallery-figures.js';

export interface FaqItem {
  question: string;
  answer: string;
}

export const FAQ: readonly FaqItem[] = [
  {
    question: 'Is there a limit on how many pixels one person can buy?',
    answer:
      'No. There is no limit on pixels per person. Buy a single pixel to leave your mark, or fill a whole board if you have a bigger idea.',
  },
  {
    question: 'Can someone paint over a pixel I bought?',
    answer:
      "No. A purchased pixel is locked to its buyer's choice and no one can change it in that iteration, not even you. Choose carefully: every purchase is final.",
  },
  {
    question: 'What is the difference between the two prices?',
    answer: `Trusting the artist costs ${inDollars(ARTIST_COLOR_CENTS)} per pixel and paints the pixel in the colour the featured artist recommends for that spot. Choosing your own colour costs ${inDollars(CUSTOM_COLOR_CENTS)} per pixel. A service fee of ${GALLERY_FIGURES.serviceFee} and any sales tax are added at checkout.`,
  },
  {
    question: 'Why do I have to lock a board before editing it?',
    answer:
      'A board lock gives you the board to yourself for a few minutes, so nobody else can pick the same pixels while you are choosing colours. Locks are time-limited and can be extended while you work; other visitors see that the board is taken and by whom.',
  },
  {
    question: 'What happens when the canvas sells out?',
    answer:
      'The community-voted submission with the most votes becomes the next featured artwork, a fresh canvas is created from it and the process starts again. If a piece never sells out, there may be no next showing.',
  },
  {
    question: 'Who can submit artwork?',
    answer:
      'Any signed-in artist aged 18 or older who follows Tessera on social media. Each person may have one active submission at a time; you can delete it and submit a new one whenever you like.',
  },
  {
    question: 'How are artists paid?',
    answer: `Revenue from every canvas is split ${ARTIST_SHARE_PERCENT}% to the featured artist and ${GALLERY_SHARE_PERCENT}% to the gallery. The artist is paid within 30 days of their canvas selling out.`,
  },
  {
    question: 'Can I find a free spot quickly?',
    answer:
      'Yes. Use "Find a random available pixel" in the canvas tools and Tessera will open a board with an unpurchased pixel highlighted for you.',
  },
];
