// About page: the project, how artist selection works, how to submit, voting, the revenue model,
// the project highlights and the FAQ.
import { Link } from '@tanstack/react-router';
import {
  ARTIST_COLOR_CENTS,
  ARTIST_SHARE_PERCENT,
  CUSTOM_COLOR_CENTS,
  GALLERY_SHARE_PERCENT,
} from '@tessera/facts/pricing';
import { REMOVAL_SCORE } from '@tessera/facts/submissions';
import { dollarAmount, dollarWord, GALLERY_FIGURES, inDollars } from '../../lib/gallery-figures.js';
import { FAQ } from './about-faq.js';
import { MosaicArt } from './MosaicArt.js';

const HIGHLIGHTS = [
  { value: '5', label: 'Total iterations', detail: 'canvases, one after another' },
  { value: '5', label: 'Featured artists', detail: 'chosen by community vote' },
  {
    value: `${ARTIST_SHARE_PERCENT}%`,
    label: 'Fair compensation for artists',
    detail: 'of revenue to the artist',
  },
  { value: GALLERY_FIGURES.boards, label: 'Community-driven creation', detail: 'boards painted by visitors' },
];

const STEPS = [
  {
    title: 'Submit',
    text: 'Artists share a title, an artist statement and a high-resolution image of the piece they want to see on the canvas.',
  },
  {
    title: 'Vote',
    text: 'The community upvotes the pieces it wants featured and downvotes the rest. Every vote moves the net score.',
  },
  {
    title: 'Feature',
    text: 'When the current canvas sells out, the submission with the most votes becomes the next featured artwork.',
  },
];

export function AboutPage() {
  return (
    <article className="page about" aria-labelledby="about-title">
      <header className="about-hero">
        <div className="about-hero__text">
          <p className="eyebrow">About the project</p>
          <h1 id="about-title">A gallery painted by everyone</h1>
          <p className="lead">
            Tessera is an experimental collaborative art gallery. One featured artist&apos;s piece is shown at
            a time as a shared canvas of {GALLERY_FIGURES.boards} boards, each a {GALLERY_FIGURES.boardGrid}{' '}
            grid of pixels. Visitors buy individual pixels, either in the colour the artist recommends or in a
            colour of their own, and together they decide what the finished piece becomes.
          </p>
          <div className="button-row">
            <Link to="/canvas" className="button button--primary">
              Explore the canvas
            </Link>
            <Link to="/artist-selection" className="button button--secondary">
              Vote for the next artist
            </Link>
          </div>
        </div>
        <div className="about-hero__art">
          <MosaicArt />
        </div>
      </header>

      <section className="about-section" aria-labelledby="highlights-title">
        <h2 id="highlights-title">Project highlights</h2>
        <ul className="stat-grid">
          {HIGHLIGHTS.map((h) => (
            <li key={h.label} className="stat">
              <span className="stat__value">{h.value}</span>
              <span className="stat__label">{h.label}</span>
              <span className="stat__detail">{h.detail}</span>
            </li>
          ))}
        </ul>
        <p className="about-callout">
          Potential total project value: <strong>{GALLERY_FIGURES.canvasValue}</strong>. Each canvas holds{' '}
          {GALLERY_FIGURES.canvasPixels} pixels at {dollarAmount(ARTIST_COLOR_CENTS)} or{' '}
          {inDollars(CUSTOM_COLOR_CENTS)} each.
        </p>
      </section>

      <section className="about-section" aria-labelledby="pixels-title">
        <h2 id="pixels-title">How buying pixels works</h2>
        <div className="card-grid">
          <div className="card">
            <h3>Trust the artist</h3>
            <p className="price">
              {dollarAmount(ARTIST_COLOR_CENTS)} <span>{dollarWord(ARTIST_COLOR_CENTS)} per pixel</span>
            </p>
            <p>
              Paint the pixel in the artist&apos;s recommended colour and help the featured piece come to
              life.
            </p>
          </div>
          <div className="card">
            <h3>Choose your own colour</h3>
            <p className="price">
              {dollarAmount(CUSTOM_COLOR_CENTS)} <span>{dollarWord(CUSTOM_COLOR_CENTS)} per pixel</span>
            </p>
            <p>Pick any colour you like and add your own voice to the artwork.</p>
          </div>
        </div>
        <p>
          A purchased pixel is final: no one, including the buyer, can change it for the rest of that
          iteration. There is no limit on how many pixels a person can buy. To keep editing fair, you lock a
          board before you paint; locks are exclusive and time-limited, so two people never edit the same
          board at once.
        </p>
      </section>

      <section className="about-section" aria-labelledby="selection-title">
        <h2 id="selection-title">How artist selection works</h2>
        <ol className="steps">
          {STEPS.map((step, i) => (
            <li key={step.title} className="step">
              <span className="step__number" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p>
          When a piece sells out, the community-voted submission with the most votes becomes the next featured
          artwork and the process restarts. If a piece never sells out, there may be no next showing, so every
          pixel counts.
        </p>
      </section>

      <section className="about-section" aria-labelledby="submit-title">
        <h2 id="submit-title">How to submit your artwork</h2>
        <p>
          Sign in, open <Link to="/artist-selection">Artist Selection</Link> and choose Submit Artwork. Give
          your piece a title, write a short artist statement and upload a high-resolution image in PNG, JPG or
          JPEG format. Your submission goes live for voting straight away.
        </p>
        <ul className="checklist">
          <li>You must be 18 or older to submit artwork or be a featured artist.</li>
          <li>Follow Tessera on social media: it is required to be eligible as the next artist.</li>
          <li>Each person may have one active submission at a time.</li>
          <li>
            Hateful images or text are removed, and offending purchases may be reset to their default colour.
          </li>
        </ul>
      </section>

      <section className="about-section" aria-labelledby="voting-title">
        <h2 id="voting-title">Community voting</h2>
        <p>
          Every signed-in visitor can upvote or downvote each submission once. Tap the same vote again to take
          it back, or switch sides at any time. The net score is the sum of all votes, and a submission whose
          net score reaches {REMOVAL_SCORE} or lower is removed automatically. Sort by Hot to see the
          most-loved pieces or by New to discover fresh work.
        </p>
        <Link to="/artist-selection" className="text-link">
          See the current submissions →
        </Link>
      </section>

      <section className="about-section" aria-labelledby="revenue-title">
        <h2 id="revenue-title">The revenue model</h2>
        <div
          className="split-bar"
          role="img"
          aria-label={`Revenue split: ${ARTIST_SHARE_PERCENT} percent to the artist, ${GALLERY_SHARE_PERCENT} percent to the gallery`}
        >
          <span className="split-bar__artist">{ARTIST_SHARE_PERCENT}% artist</span>
          <span className="split-bar__gallery">{GALLERY_SHARE_PERCENT}% gallery</span>
        </div>
        <p>
          Revenue from each canvas is split {ARTIST_SHARE_PERCENT} percent to the featured artist and{' '}
          {GALLERY_SHARE_PERCENT} percent to the gallery, which keeps the lights on and funds the next
          iteration. Artists are paid within 30 days of their canvas selling out. Over five iterations and
          five featured artists, Tessera aims to show that collectors and artists can build something valuable
          together and share in it fairly.
        </p>
      </section>

      <section className="about-section" aria-labelledby="faq-title">
        <h2 id="faq-title">Frequently asked questions</h2>
        <div className="faq">
          {FAQ.map((item) => (
            <details key={item.question} className="faq__item">
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
      </section>

      <section className="about-cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Ready to shape the next canvas?</h2>
        <p>Browse the submissions, vote for your favourite and help choose the next featured artist.</p>
        <Link to="/artist-selection" className="button button--primary">
          Go to Artist Selection
        </Link>
      </section>
    </article>
  );
}
