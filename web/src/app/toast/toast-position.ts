// Where the toasts sit: just below the page's header (the element marked data-toast-anchor: the site
// header, or the editor's header with its timer and Unlock), so a toast never covers the header's
// controls, on a phone either. Pure: the Toaster measures, this decides.

/** The gap between the header and the first toast, and the top when there is no header on screen. */
export const TOAST_GAP_PX = 8;

/** The toaster's top in CSS pixels, from the anchor's bottom edge on screen (null: no anchor). */
export function toastTop(anchorBottom: number | null): number {
  if (anchorBottom === null || !Number.isFinite(anchorBottom)) return TOAST_GAP_PX;
  return Math.max(TOAST_GAP_PX, Math.round(anchorBottom) + TOAST_GAP_PX);
}
