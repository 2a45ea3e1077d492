// Shared layout of the legal pages: title, date line, table of contents and numbered sections.
import type { ReactNode } from 'react';
import { useMediaQuery } from '../../lib/use-media-query.js';

/** Below this width the table of contents starts collapsed. */
const NARROW_QUERY = '(max-width: 960px)';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export function LegalDocument({
  titleId,
  title,
  dateLabel,
  date,
  intro,
  sections,
}: {
  titleId: string;
  title: string;
  dateLabel: string;
  date: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  const narrow = useMediaQuery(NARROW_QUERY);
  return (
    <article className="page legal" aria-labelledby={titleId}>
      <header className="legal__header">
        <p className="eyebrow">Legal</p>
        <h1 id={titleId}>{title}</h1>
        <p className="legal__date">
          {dateLabel}: <time>{date}</time>
        </p>
        <div className="legal__intro">{intro}</div>
      </header>
      <div className="legal__layout">
        <nav className="legal__toc" aria-label="Sections">
          {/* Remounted across the breakpoint so it starts open on wide screens and closed on narrow ones. */}
          <details key={narrow ? 'narrow' : 'wide'} className="legal__toc-details" open={!narrow}>
            <summary>On this page</summary>
            <ol>
              {sections.map((s, i) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>
                    <span className="legal__toc-number">{i + 1}.</span>
                    <span>{s.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </details>
        </nav>
        <div className="legal__body">
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} className="legal-section" aria-labelledby={`${s.id}-title`}>
              <h2 id={`${s.id}-title`}>
                <span className="legal-section__number">{i + 1}.</span> {s.title}
              </h2>
              {s.body}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}

/** Today's date as "November 23, 2026". */
export function formatLongDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
