// Types of the parts of gifenc (1.0.3, which ships none) that the timelapse export uses.
declare module 'gifenc' {
  export type Palette = number[][];
  export interface FrameOptions {
    palette?: Palette;
    /** Milliseconds (stored in hundredths). */
    delay?: number;
    /** -1 once, 0 forever, n times. */
    repeat?: number;
    transparent?: boolean;
    dispose?: number;
  }
  export interface Encoder {
    writeFrame(index: Uint8Array, width: number, height: number, opts?: FrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
  }
  export function GIFEncoder(opts?: { initialCapacity?: number; auto?: boolean }): Encoder;
  export function quantize(rgba: Uint8Array | Uint8ClampedArray, maxColors: number, opts?: object): Palette;
  export function nearestColorIndex(palette: Palette, color: number[]): number;
}
