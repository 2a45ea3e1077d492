// What the pixel info card says: the buyer (a username, never an e-mail, or "Anonymous"), when (relative
// and the date), the kind of colour, and the pixel's link (/canvas?x=&y=).
import { timeAgo } from '../artist-selection/relative-time.js';
import type { PixelInfo } from './pixel-info-api.js';

export const ANONYMOUS = 'Anonymous';
export const LINK_LABEL = 'Link to this pixel';
export const LINK_COPIED = 'Link copied';
export const NOT_BOUGHT = 'Not bought yet';

export function buyerName(info: Pick<PixelInfo, 'buyer'>): string | null {
  if (!info.buyer) return null;
  if (info.buyer.anonymous) return ANONYMOUS;
  return info.buyer.username ?? 'a former member';
}

export function kindText(info: Pick<PixelInfo, 'kind' | 'kindRecorded' | 'reset'>): string | null {
  if (info.kind === null) return null;
  const base = info.kind === 'artist' ? "In the artist's colour" : 'In a custom colour';
  return info.reset ? `${base}; reset to the artist's colour by moderation` : base;
}

/** "3 minutes ago" and "29 Nov 2026, 08:14" (the viewer's time zone). */
export function soldWhen(
  soldAt: number,
  now: number,
  locale?: string,
): { relative: string; absolute: string } {
  const absolute = new Intl.DateTimeFormat(locale ?? 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(soldAt));
  return { relative: timeAgo(soldAt, now), absolute };
}

/** The pixel's deep link: /canvas?x=&y= on this site. */
export function pixelLink(origin: string, p: { x: number; y: number }): string {
  return `${origin}/canvas?x=${p.x}&y=${p.y}`;
}
