// "Outline my pixels": the switch and legend of the own-pixels outline (canvas tools, editor hint bar).
import { OUTLINE_LABEL } from './use-pixel-info.js';
import './pixel-info.css';

export function OwnOutlineSwitch(p: { on: boolean; onChange: (on: boolean) => void; className: string }) {
  return (
    <label className={p.className}>
      <input type="checkbox" checked={p.on} onChange={(e) => p.onChange(e.currentTarget.checked)} />
      <span className="own-outline-swatch" aria-hidden="true" />
      <span>{OUTLINE_LABEL}</span>
    </label>
  );
}
