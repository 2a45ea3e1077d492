// The eighteen sections of the Terms of Service.
import { Link } from '@tanstack/react-router';
import {
  ARTIST_COLOR_CENTS,
  ARTIST_SHARE_PERCENT,
  CUSTOM_COLOR_CENTS,
  GALLERY_SHARE_PERCENT,
  SERVICE_FEE_FIXED_CENTS,
} from '@tessera/facts/pricing';
import { REMOVAL_SCORE } from '@tessera/facts/submissions';
import { GALLERY_FIGURES, inDollars } from '../../lib/gallery-figures.js';
import { CONTACT } from '../../app/site.js';
import type { LegalSection } from './LegalDocument.js';
import { MailLink, contactSection } from './contact.js';

export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of These Terms',
    body: (
      <>
        <p>
          These Terms of Service (&quot;Terms&quot;) govern your use of Tessera, an experimental collaborative
          art gallery (&quot;Tessera&quot;, &quot;we&quot;, &quot;us&quot;). By creating an account, buying
          pixels, submitting artwork, voting or otherwise using the service you agree to these Terms. If you
          do not agree, please do not use Tessera.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility and Age Requirements',
    body: (
      <ul>
        <li>You must be at least 13 years old to use Tessera.</li>
        <li>
          If you are under 18, you may use Tessera only with the consent and supervision of a parent or legal
          guardian, and a parent or guardian must consent to any purchase.
        </li>
        <li>You must be 18 or older to submit artwork or to be a featured artist.</li>
      </ul>
    ),
  },
  {
    id: 'accounts',
    title: 'Your Account',
    body: (
      <p>
        You sign in with an e-mail address and password or through a supported identity provider. You are
        responsible for keeping your credentials confidential and for all activity under your account. Your
        username can be chosen only once and must not impersonate anyone or contain offensive language. Tell
        us promptly at <MailLink address={CONTACT.support} /> if you believe your account has been
        compromised.
      </p>
    ),
  },
  {
    id: 'how-it-works',
    title: 'How the Gallery Works',
    body: (
      <p>
        Tessera shows one featured artist&apos;s artwork at a time on a shared canvas of{' '}
        {GALLERY_FIGURES.boards} boards, each a grid of {GALLERY_FIGURES.boardGrid} pixels. Visitors buy
        individual pixels to complete or reinterpret the piece. Only one artist is featured at a time, and an
        artwork must sell out before the next artwork is shown. If a piece never sells out, there may be no
        next showing.
      </p>
    ),
  },
  {
    id: 'board-locks',
    title: 'Board Locks and Fair Use',
    body: (
      <p>
        To edit a board you take an exclusive, time-limited lock on it. You may hold one lock at a time. Locks
        expire automatically and pending, unpaid changes are discarded when they do. You agree not to automate
        lock requests, hold boards without editing them, or otherwise interfere with other visitors&apos; fair
        access to the canvas.
      </p>
    ),
  },
  {
    id: 'purchases',
    title: 'Pixel Purchases and Pricing',
    body: (
      <>
        <p>
          A pixel in the featured artist&apos;s recommended colour costs{' '}
          {inDollars(ARTIST_COLOR_CENTS, 'US dollar')}; a pixel in a colour you choose costs{' '}
          {inDollars(CUSTOM_COLOR_CENTS, 'US dollar')}. A service fee of {GALLERY_FIGURES.serviceFeePercent}{' '}
          of the subtotal plus {inDollars(SERVICE_FEE_FIXED_CENTS, 'US dollar')} and applicable sales tax are
          added at checkout. Prices are charged in US dollars and purchases are currently available to US
          billing addresses only. Payments are processed by our payment provider; we do not store full card
          numbers.
        </p>
        <p>
          A purchase gives you the right to set the colour of the purchased pixel on the current canvas. It
          does not transfer any ownership of the artwork, the canvas or Tessera itself.
        </p>
      </>
    ),
  },
  {
    id: 'no-refunds',
    title: 'All Sales Are Final: No Refunds',
    body: (
      <p>
        All pixel purchases are final. Once a pixel is purchased no one, including you, can change it during
        that iteration, and no refund is given for it. The service fee and taxes are non-refundable. If a
        payment is taken but your pixels cannot be recorded because of a technical fault on our side, we
        refund that payment automatically; this is a correction of an error, not a refund of a completed
        purchase.
      </p>
    ),
  },
  {
    id: 'artist-submissions',
    title: 'Artist Submissions',
    body: (
      <>
        <p>
          Artists aged 18 or older may submit a title, an artist statement and a high-resolution image on the
          Artist Selection page, and may also send submissions and questions by e-mail to{' '}
          <MailLink address={CONTACT.artists} />. Each user may have one active submission at a time.
          Following Tessera on social media is required to be eligible for selection.
        </p>
        <p>
          You must own or have the rights to everything you submit. By submitting, you grant Tessera a
          worldwide, non-exclusive, royalty-free licence to display, reproduce and promote the submission on
          Tessera and its social channels for as long as it is shown or archived. You keep the copyright in
          your work.
        </p>
      </>
    ),
  },
  {
    id: 'artist-selection',
    title: 'Artist Selection and Community Voting',
    body: (
      <p>
        Submissions go live for voting as soon as they are submitted, and signed-in users may upvote or
        downvote each submission once. A submission whose net score reaches {REMOVAL_SCORE} or lower is
        removed automatically. When a canvas sells out, the submission with the highest net score becomes the
        next featured artwork. We contact the selected artist and respond to artist selection enquiries within
        24 hours. We may disqualify submissions or votes that result from fraud, automation or abuse.
      </p>
    ),
  },
  {
    id: 'revenue-share',
    title: 'Revenue Share and Artist Payouts',
    body: (
      <p>
        Revenue from pixel sales on a canvas, excluding the service fee and taxes, is split{' '}
        {ARTIST_SHARE_PERCENT}% to the featured artist and {GALLERY_SHARE_PERCENT}% to the gallery. The
        featured artist is paid within 30 days of their artwork selling out, to the payout details they
        provide. Artists are responsible for any taxes due on their earnings.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    body: (
      <p>
        The Tessera name, logo, software and site design belong to Tessera. Each featured artwork remains the
        property of its artist, licensed to Tessera for the showing. The colours contributed by buyers become
        part of the collective canvas, which Tessera may display, archive and share to document the project,
        always crediting the featured artist.
      </p>
    ),
  },
  {
    id: 'community-guidelines',
    title: 'Community Guidelines and Prohibited Content',
    body: (
      <>
        <p>
          No hate. You may not use pixels, usernames, submissions or any other part of Tessera to create
          hateful, harassing, sexually explicit, violent or illegal content, or content that infringes the
          rights of others.
        </p>
        <p>
          We reserve the right to remove hateful or otherwise prohibited content at our discretion, including
          by resetting purchased pixels to their default colour, removing submissions and suspending accounts.
          Content removed under this section is not refunded.
        </p>
      </>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: (
      <p>
        Our <Link to="/privacy">Privacy Policy</Link> explains what information we collect, how we use it and
        the choices you have. It forms part of these Terms.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <p>
        Tessera is an experimental project provided &quot;as is&quot; and &quot;as available&quot;. We do not
        promise that the service will be uninterrupted or error-free, that any canvas will sell out, or that
        any particular artwork will be shown. To the fullest extent permitted by law we disclaim all implied
        warranties, including merchantability, fitness for a particular purpose and non-infringement.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of Liability',
    body: (
      <p>
        To the fullest extent permitted by law, Tessera is not liable for indirect, incidental, special,
        consequential or punitive damages, or for lost profits, data or goodwill. Our total liability for any
        claim arising out of or relating to Tessera is limited to the amount you paid to Tessera in the 12
        months before the event giving rise to the claim.
      </p>
    ),
  },
  {
    id: 'arbitration',
    title: 'Dispute Resolution and Binding Arbitration',
    body: (
      <p>
        Please contact us first so we can try to resolve any dispute informally. If we cannot, you and Tessera
        agree that any dispute will be resolved by binding arbitration on an individual basis, rather than in
        court, except that either party may bring an individual claim in small-claims court. You and Tessera
        waive any right to a jury trial and to take part in a class action. You may opt out of arbitration by
        e-mailing <MailLink address={CONTACT.legal} /> within 30 days of first accepting these Terms.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to These Terms',
    body: (
      <p>
        We may update these Terms as the project evolves. We will give at least 30 days&apos; notice of
        material changes by e-mail or by a notice on the site before they take effect. Continuing to use
        Tessera after the changes take effect means you accept the updated Terms.
      </p>
    ),
  },
  contactSection([
    ['Legal questions', CONTACT.legal],
    ['Artist submissions and selection', CONTACT.artists],
    ['Account and purchase support', CONTACT.support],
  ]),
];
