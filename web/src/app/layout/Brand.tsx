// Logo, name and tagline, linking to the canvas.
import { Link } from '@tanstack/react-router';
import { BRAND, TAGLINE } from '../site.js';

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg
      className="brand-mark"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="var(--brand-ink)" />
      <rect x="7" y="7" width="8" height="8" rx="1.5" fill="#D17A22" />
      <rect x="17" y="7" width="8" height="8" rx="1.5" fill="#96ACB7" />
      <rect x="7" y="17" width="8" height="8" rx="1.5" fill="#B4C292" />
      <rect x="17" y="17" width="8" height="8" rx="1.5" fill="var(--accent-400)" />
    </svg>
  );
}

export function Brand() {
  return (
    // Its name is what it shows (WCAG 2.5.3, label in name); the title says where it goes.
    <Link to="/canvas" className="brand" title="Go to the canvas">
      <BrandMark />
      <span className="brand__text">
        <span className="brand__name">{BRAND}</span>
        <span className="brand__tagline">{TAGLINE}</span>
      </span>
    </Link>
  );
}
