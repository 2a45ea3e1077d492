// The drawing surface of the canvas scene's pure renderers (render.ts, own-pixels.ts).

/** The subset of CanvasRenderingContext2D the renderers use (a recording fake in tests). */
export type Draw2D = Pick<
  CanvasRenderingContext2D,
  | 'setTransform'
  | 'clearRect'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'stroke'
  | 'fillRect'
  | 'strokeRect'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
>;
