// The timelapse player: a pixel-sharp canvas replaying the purchases, with play/pause, a scrub slider
// (a native range input: arrow keys, Page Up/Down, Home and End), the speed and the step's time label.
import { useEffect, useId, useRef, useState } from 'react';
import { CANVAS_SIZE } from '@tessera/facts/grid';
import type { History } from '@tessera/facts/timelapse';
import { ReplayFrame, stepAfter, stepLabel, toRgba } from './replay.js';
import { GifExportButton } from './GifExportButton.js';

/** A whole replay at 1x lasts 20 s, however many purchases it has. */
const BASE_DURATION_MS = 20_000;
const SPEEDS = [1, 2, 4, 8] as const;

const formatTime = (ms: number) =>
  new Date(ms).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** Draws `frame` at step `step` into the canvas element, repainting only what changed. */
function useFrameDrawing(history: History, step: number) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const state = useRef<{ frame: ReplayFrame<Uint32Array>; image: ImageData } | null>(null);
  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    if (!state.current || state.current.frame.history !== history) {
      state.current = {
        frame: ReplayFrame.rgb(history),
        image: ctx.createImageData(CANVAS_SIZE, CANVAS_SIZE),
      };
      state.current.frame.show(0);
      toRgba(state.current.frame.pixels, state.current.image.data);
    }
    const { frame, image } = state.current;
    frame.show(step);
    if (frame.changed.reset) toRgba(frame.pixels, image.data);
    else
      for (let i = frame.changed.from; i < frame.changed.to; i++) {
        const o = history.offsets[i]!;
        const c = frame.pixels[o]!;
        image.data.set([c >>> 16, (c >>> 8) & 0xff, c & 0xff, 255], o * 4);
      }
    ctx.putImageData(image, 0, 0);
  }, [history, step]);
  return canvasRef;
}

export function TimelapsePlayer({ history, title }: { history: History; title: string }) {
  const total = history.times.length;
  const [step, setStep] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(1);
  const canvasRef = useFrameDrawing(history, step);
  const sliderId = useId();
  const speedId = useId();

  // playback: from the step where play was pressed, by elapsed time, until the last purchase
  useEffect(() => {
    if (!playing) return;
    const from = step >= total ? 0 : step;
    const started = performance.now();
    let raf = 0;
    const tick = (now: number) => {
      const next = stepAfter(total, from, now - started, speed, BASE_DURATION_MS);
      setStep(next);
      if (next >= total) setPlaying(false);
      else raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
    // restarts only when play/pause or the speed changes; `step` is read at that moment
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playing, speed, total]);

  const label = stepLabel(history, step, formatTime);
  return (
    <div className="timelapse">
      <div className="timelapse__stage">
        <canvas
          ref={canvasRef}
          className="timelapse__canvas"
          width={CANVAS_SIZE}
          height={CANVAS_SIZE}
          role="img"
          aria-label={`${title}: ${label}`}
          data-step={step}
        />
      </div>
      <p className="timelapse__label" data-testid="timelapse-label">
        {label}
      </p>
      <div className="timelapse__controls">
        <button
          type="button"
          className="button button--primary"
          onClick={() => setPlaying((p) => !p)}
          disabled={total === 0}
        >
          {playing ? 'Pause' : step >= total && total > 0 ? 'Replay' : 'Play'}
        </button>
        <label htmlFor={sliderId} className="timelapse__slider-label">
          Position
        </label>
        <input
          id={sliderId}
          className="timelapse__slider"
          type="range"
          min={0}
          max={total}
          step={1}
          value={step}
          aria-valuetext={label}
          disabled={total === 0}
          onChange={(e) => {
            setPlaying(false);
            setStep(Number(e.target.value));
          }}
        />
        <label htmlFor={speedId} className="timelapse__speed-label">
          Speed
        </label>
        <select
          id={speedId}
          className="timelapse__speed"
          value={speed}
          onChange={(e) => setSpeed(Number(e.target.value))}
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}x
            </option>
          ))}
        </select>
        <GifExportButton
          history={history}
          fileName={`${title.replace(/[^\w-]+/g, '-').toLowerCase()}-timelapse.gif`}
        />
      </div>
    </div>
  );
}
