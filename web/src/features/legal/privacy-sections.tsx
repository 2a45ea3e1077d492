// The fifteen sections of the Privacy Policy, in the order the spec lists them.
import { Link } from '@tanstack/react-router';
import { CONTACT, MAILING_ADDRESS } from '../../app/site.js';
import type { LegalSection } from './LegalDocument.js';
import { MailLink, contactSection } from './contact.js';

export const RETENTION_PERIODS = [
  { record: 'Account data', period: '3 years after the account is closed' },
  { record: 'Purchase records', period: '7 years' },
  { record: 'Communications with us', period: '2 years' },
  { record: 'Artwork submissions', period: 'Indefinitely, as part of the gallery archive' },
];

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <ul>
        <li>
          <strong>Account information:</strong> your e-mail address, username and password (stored only as a
          secure hash), or the basic profile your identity provider shares when you sign in with it.
        </li>
        <li>
          <strong>Purchase information:</strong> the pixels you buy, their colours, amounts, and your billing
          address. Card details are collected and processed by our payment provider; we never see or store
          full card numbers.
        </li>
        <li>
          <strong>Submissions and votes:</strong> the titles, statements and images you submit and the votes
          you cast.
        </li>
        <li>
          <strong>Usage and device information:</strong> pages visited, board locks taken, IP address, browser
          type and timestamps, collected through our servers and essential cookies.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How We Use Your Information',
    body: (
      <ul>
        <li>
          To run the gallery: sign you in, manage board locks, record purchases and show your pixels on the
          canvas.
        </li>
        <li>To process payments, calculate taxes, prevent fraud and pay featured artists.</li>
        <li>To run artist selection, count votes and contact selected artists.</li>
        <li>To keep Tessera secure, enforce our Terms and community guidelines, and fix problems.</li>
        <li>To send service messages such as password reset codes and, if you opt in, project news.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'How We Share Information',
    body: (
      <>
        <p>We do not sell your personal information. We share it only with:</p>
        <ul>
          <li>
            service providers who host the site, process payments, send e-mail or calculate taxes for us;
          </li>
          <li>other visitors, who see your username on submissions and on boards you have locked;</li>
          <li>authorities, when the law requires it or to protect the rights and safety of our users;</li>
          <li>a successor organisation, if Tessera is reorganised or acquired, under this same policy.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'Data Retention',
    body: (
      <>
        <p>We keep information only as long as we need it for the purposes above or as the law requires:</p>
        <table className="legal-table">
          <thead>
            <tr>
              <th scope="col">Record</th>
              <th scope="col">How long we keep it</th>
            </tr>
          </thead>
          <tbody>
            {RETENTION_PERIODS.map((r) => (
              <tr key={r.record}>
                <th scope="row">{r.record}</th>
                <td>{r.period}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Data Security',
    body: (
      <p>
        Your data is encrypted in transit, passwords are stored as salted hashes, access tokens are
        short-lived and kept only in your browser&apos;s memory, and state-changing requests are protected
        against cross-site request forgery. No system is perfectly secure; if a breach affects your personal
        information we will notify you as the law requires.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights and Choices',
    body: (
      <p>
        You may ask to access, correct, export or delete your personal information, and to close your account,
        by writing to <MailLink address={CONTACT.privacy} />. We answer within 30 days. Deleting an account
        does not remove pixels already purchased from the canvas, because purchases are final, but the pixels
        are no longer linked to your name.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and Similar Technologies',
    body: (
      <p>
        We use essential cookies only: a secure, HTTP-only cookie that keeps you signed in and a token that
        protects forms against cross-site request forgery. Your user profile is kept in your browser&apos;s
        local storage so the site remembers you. We do not use advertising cookies. Our payment provider may
        set its own cookies on the checkout form to prevent fraud.
      </p>
    ),
  },
  {
    id: 'children',
    title: "Children's Privacy",
    body: (
      <p>
        Tessera is not intended for children under 13, and we do not knowingly collect personal information
        from them. Users aged 13 to 17 need a parent&apos;s or guardian&apos;s consent to make purchases. If
        you are a parent and believe your child has given us information, contact us at{' '}
        <MailLink address={CONTACT.parents} /> and we will delete it.
      </p>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International Data Transfers',
    body: (
      <p>
        Tessera is operated from the United States and your information is processed there. Where we transfer
        personal information from the European Economic Area, the United Kingdom or Switzerland, we rely on
        standard contractual clauses or another lawful transfer mechanism.
      </p>
    ),
  },
  {
    id: 'california',
    title: 'California Privacy Rights',
    body: (
      <p>
        If you live in California you have the right to know what personal information we collect, use and
        disclose, to ask us to delete or correct it, and not to be discriminated against for exercising these
        rights. We do not sell or share personal information for cross-context behavioural advertising. You
        may make a request to know twice per 12 months, free of charge, by writing to{' '}
        <MailLink address={CONTACT.privacy} />.
      </p>
    ),
  },
  {
    id: 'gdpr',
    title: 'Rights Under the GDPR',
    body: (
      <p>
        If you are in the European Economic Area or the United Kingdom, we process your information to perform
        our contract with you (running your account and purchases), to meet legal obligations (tax and
        accounting records), for our legitimate interests (security and fraud prevention) and, for marketing,
        with your consent. You may access, rectify, erase, restrict or port your data, object to processing,
        withdraw consent at any time and complain to your local data protection authority.
      </p>
    ),
  },
  {
    id: 'marketing',
    title: 'Marketing Communications',
    body: (
      <p>
        We send project news, such as a new featured artist or a canvas that is close to selling out, only if
        you opt in. Every marketing e-mail has an unsubscribe link, and you can also opt out by writing to{' '}
        <MailLink address={CONTACT.privacy} />. Service messages such as password reset codes are sent
        regardless, because the service needs them.
      </p>
    ),
  },
  {
    id: 'third-party-links',
    title: 'Third-Party Links and Services',
    body: (
      <p>
        Tessera links to social networks and relies on a payment provider and an identity provider. Their own
        privacy policies govern the information you give them, and we are not responsible for their practices.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    body: (
      <p>
        We may update this policy as Tessera evolves. The date at the top shows when it last changed. We will
        notify you by e-mail or on the site before material changes take effect. See also our{' '}
        <Link to="/terms">Terms of Service</Link>.
      </p>
    ),
  },
  contactSection(
    [
      ['Privacy questions and requests', CONTACT.privacy],
      ['Parents and guardians', CONTACT.parents],
    ],
    <address className="legal__address">
      {MAILING_ADDRESS.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </address>,
  ),
];
