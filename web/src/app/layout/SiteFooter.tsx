// Footer bar with a toggle button revealing copyright, legal links and social links.
import { Link } from '@tanstack/react-router';
import { useDisclosure } from '../../lib/use-disclosure.js';
import { BRAND, SOCIAL_LINKS, TAGLINE } from '../site.js';
import { SocialIcon } from './SocialIcon.js';

export function SiteFooter() {
  const { open, panelId, toggleProps } = useDisclosure();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__bar">
        <span className="site-footer__brand">
          {BRAND}
          <span className="site-footer__tagline">
            {' '}
            <span aria-hidden="true">·</span> {TAGLINE}
          </span>
        </span>
        <Link to="/gallery" className="site-footer__gallery">
          Past canvases
        </Link>
        <button className="site-footer__toggle" {...toggleProps}>
          Legal &amp; social
          <span className={`chevron${open ? ' chevron--up' : ''}`} aria-hidden="true" />
        </button>
      </div>
      <div id={panelId} className="site-footer__panel" hidden={!open}>
        <p className="site-footer__copyright">
          © {year} {BRAND}. All rights reserved.
        </p>
        <nav aria-label="Legal" className="site-footer__legal">
          <Link to="/terms">Terms &amp; Conditions</Link>
          <Link to="/privacy">Privacy Policy</Link>
        </nav>
        <ul className="site-footer__social" aria-label="Follow Tessera">
          {SOCIAL_LINKS.map((s) => (
            <li key={s.name}>
              <a
                href={s.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${s.name} (${s.handle})`}
              >
                <SocialIcon name={s.name} />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
