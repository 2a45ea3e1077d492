// The tools sidebar: find an available pixel, sync, Live/Preview, zoom with percentage, and the hint.
// On mobile the same tools live in a slide-in drawer with an open button and a Close button.
import { memo, type ReactNode } from 'react';
import { useMenuDisclosure } from '../../lib/use-disclosure.js';
import type { ViewMode } from './canvas-api.js';
import { GHOST_LABEL } from './use-ghost.js';
import { OwnOutlineSwitch } from '../pixel-info/OwnOutlineSwitch.js';

export interface ToolsProps {
  mode: ViewMode;
  onModeChange: (mode: ViewMode) => void;
  zoomLabel: string;
  canZoomIn: boolean;
  canZoomOut: boolean;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onReset: () => void;
  onFindPixel: () => void;
  searching: boolean;
  onSync: () => void;
  syncing: boolean;
  live: boolean;
  ghost: boolean;
  onGhostChange: (on: boolean) => void;
  /** "Outline my pixels": null for a guest (nothing to outline). */
  outline: boolean | null;
  onOutlineChange: (on: boolean) => void;
}

/** One titled group of the tools panel. */
function ToolsGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="canvas-tools__group" aria-labelledby={id}>
      <h2 id={id} className="canvas-tools__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A full-width action that shows `busyText` and is disabled while its work runs. */
function BlockButton(b: {
  kind: 'primary' | 'secondary';
  onClick: () => void;
  busy: boolean;
  busyText: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`button button--${b.kind} button--block`}
      onClick={b.onClick}
      disabled={b.busy}
    >
      {b.busy ? b.busyText : b.children}
    </button>
  );
}

function ZoomButton(z: { label: string; onClick: () => void; disabled: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={z.label}
      onClick={z.onClick}
      disabled={z.disabled}
    >
      {z.children}
    </button>
  );
}

function ToolsContent(p: ToolsProps) {
  return (
    <div className="canvas-tools__content">
      <ToolsGroup id="tools-pixel" title="Find a pixel">
        <BlockButton kind="primary" onClick={p.onFindPixel} busy={p.searching} busyText="Searching...">
          Find a random available pixel
        </BlockButton>
      </ToolsGroup>

      <ToolsGroup id="tools-view" title="View">
        <div className="pill-tabs segmented" role="group" aria-label="View mode">
          {(['live', 'preview'] as const).map((m) => (
            <button
              key={m}
              type="button"
              className="pill-tabs__option segmented__option"
              aria-pressed={p.mode === m}
              onClick={() => p.onModeChange(m)}
            >
              {m === 'live' ? 'Live' : 'Preview'}
            </button>
          ))}
        </div>
        <p className="canvas-tools__note canvas-tools__note--mode">
          {p.mode === 'live'
            ? 'Real-time changes from everyone.'
            : "The artist's vision with purchased changes."}
        </p>
        <label className="canvas-tools__switch">
          <input
            type="checkbox"
            checked={p.ghost}
            onChange={(e) => p.onGhostChange(e.currentTarget.checked)}
          />
          <span>{GHOST_LABEL}</span>
        </label>
        <p className="canvas-tools__note">Unbought pixels show the design faintly in Live view.</p>
        {p.outline !== null && (
          <>
            <OwnOutlineSwitch className="canvas-tools__switch" on={p.outline} onChange={p.onOutlineChange} />
            <p className="canvas-tools__note">Your pixels get a green frame when zoomed in.</p>
          </>
        )}
      </ToolsGroup>

      <ToolsGroup id="tools-zoom" title="Zoom">
        <div className="zoom-controls">
          <ZoomButton label="Zoom out" onClick={p.onZoomOut} disabled={!p.canZoomOut}>
            −
          </ZoomButton>
          <output className="zoom-controls__value" aria-live="polite" aria-label="Zoom level">
            {p.zoomLabel}
          </output>
          <ZoomButton label="Zoom in" onClick={p.onZoomIn} disabled={!p.canZoomIn}>
            +
          </ZoomButton>
          <button type="button" className="button button--secondary zoom-controls__reset" onClick={p.onReset}>
            Reset
          </button>
        </div>
      </ToolsGroup>

      <ToolsGroup id="tools-sync" title="Updates">
        <BlockButton kind="secondary" onClick={p.onSync} busy={p.syncing} busyText="Refreshing canvas...">
          Sync canvas updates
        </BlockButton>
        <p className="canvas-tools__note">
          <span className={`live-dot${p.live ? ' live-dot--on' : ''}`} aria-hidden="true" />
          {p.live ? 'Live updates on' : 'Checking for updates regularly'}
        </p>
      </ToolsGroup>

      <p className="canvas-tools__hint">
        <span>Pan: Alt + Drag, or Touch + Drag on mobile</span>
        <span>Zoom: Scroll, or Pinch on mobile</span>
      </p>
    </div>
  );
}

export const CanvasTools = memo(function CanvasTools(props: ToolsProps & { mobile: boolean }) {
  const { mobile, ...tools } = props;
  // Escape or a press outside the drawer and its button closes it, as the header menus do
  const { open, setOpen, close, panelId, buttonRef, panelRef } = useMenuDisclosure();

  if (!mobile) {
    return (
      <aside className="canvas-tools" aria-label="Canvas tools">
        <ToolsContent {...tools} />
      </aside>
    );
  }
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="canvas-tools__open"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">☰</span> Tools
      </button>
      <div className={`canvas-drawer__backdrop${open ? ' is-open' : ''}`} aria-hidden="true" />
      <div
        ref={panelRef}
        id={panelId}
        className={`canvas-drawer${open ? ' is-open' : ''}`}
        role="dialog"
        aria-modal="false"
        aria-label="Canvas tools"
        inert={!open}
      >
        <div className="canvas-drawer__header">
          <h2 className="canvas-drawer__title">Canvas tools</h2>
          <button type="button" className="button button--secondary" onClick={close}>
            Close
          </button>
        </div>
        <ToolsContent {...tools} />
      </div>
    </>
  );
});
