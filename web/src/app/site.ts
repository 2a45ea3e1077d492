// Product-wide names, contact addresses and social links, in one place.

export const BRAND = 'Tessera';
export const TAGLINE = 'Collaborative Pixel Art';

export const CONTACT = {
  support: 'support@tessera.art',
  legal: 'legal@tessera.art',
  privacy: 'privacy@tessera.art',
  parents: 'parents@tessera.art',
  artists: 'artists@tessera.art',
} as const;

/** Placeholder mailing address until the company's registered address is published. */
export const MAILING_ADDRESS = ['Tessera Gallery (mailing address to be published)', 'Attn: Privacy Office'];

export interface SocialLink {
  name: string;
  href: string;
  handle: string;
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { name: 'Instagram', href: 'https://www.instagram.com/tessera.art', handle: '@tessera.art' },
  { name: 'X', href: 'https://x.com/tessera_art', handle: '@tessera_art' },
  { name: 'TikTok', href: 'https://www.tiktok.com/@tessera.art', handle: '@tessera.art' },
];

export function mailto(address: string): string {
  return `mailto:${address}`;
}

/** Document title of a page: "{page} · Tessera". */
export function pageTitle(page: string): { meta: Array<{ title: string }> } {
  return { meta: [{ title: `${page} · ${BRAND}` }] };
}
