/**
 * The composite image of a canvas as the canvas page shows it (spec section 7: `GET
 * /canvas-composite/canvas/{canvasIndex}/render?format=webp&scale=1&quality=95&grid=false`; section 9:
 * "render quality 95, format webp"). Defined once because three parts must agree on it: the web app
 * asks for exactly this image, the BFF refuses any other (so no browser can make the renderer encode
 * a larger or different one, issue 9), and the renderer pre-encodes exactly this one after a change.
 * If one of them had its own copy and it changed, the BFF would refuse the page's request or the
 * renderer's pre-encoded image would never be asked for. Pure: no I/O, no Node API (the web bundle
 * imports it).
 */

/** The page's image: webp, at scale 1 (the page zooms on its side), quality 95, no board grid. */
export const COMPOSITE_IMAGE = { format: 'webp', scale: 1, quality: 95, grid: false } as const;

export type CompositeImageParams = typeof COMPOSITE_IMAGE;

/** COMPOSITE_IMAGE as query parameters, in the order the spec writes them. */
export const COMPOSITE_QUERY: Readonly<Record<keyof CompositeImageParams, string>> = {
  format: COMPOSITE_IMAGE.format,
  scale: String(COMPOSITE_IMAGE.scale),
  quality: String(COMPOSITE_IMAGE.quality),
  grid: String(COMPOSITE_IMAGE.grid),
};

/** The BFF's route of the image, as a router template. */
export const COMPOSITE_ROUTE = '/api/canvas-composite/canvas/:canvasIndex/render';

/** The path of a canvas's composite image (COMPOSITE_ROUTE filled in), without its query. */
export function compositePath(canvasIndex: number): string {
  return COMPOSITE_ROUTE.replace(':canvasIndex', String(canvasIndex));
}
