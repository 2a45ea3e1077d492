// Centred card used by the sign-in, callback and username pages.
import type { ReactNode } from 'react';
import { BrandMark } from '../../app/layout/Brand.js';

export function AuthCard({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <section className="auth-page" aria-labelledby={titleId}>
      <div className="auth-card">
        <BrandMark size={44} />
        {children}
      </div>
    </section>
  );
}
