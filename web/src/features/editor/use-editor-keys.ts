// Editor keyboard: Ctrl/Cmd+S saves; Escape closes the colour modal, else leaves; releasing Ctrl/Meta
// after a multi-select opens the colour modal; Alt held switches dragging to panning.
import { useEffect, useState } from 'react';
import { useLatest } from '../../lib/use-latest.js';

export function useEditorKeys(handlers: {
  onSave: () => void;
  onEscape: () => void;
  onModifierReleased: () => void;
}): { panMode: boolean } {
  const ref = useLatest(handlers);
  const [panMode, setPanMode] = useState(false);

  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        ref.current.onSave();
      } else if (e.key === 'Escape') {
        ref.current.onEscape();
      } else if (e.key === 'Alt') {
        e.preventDefault();
        setPanMode(true);
      }
    };
    const up = (e: KeyboardEvent) => {
      if (e.key === 'Control' || e.key === 'Meta') ref.current.onModifierReleased();
      if (e.key === 'Alt') setPanMode(false);
    };
    const blur = () => setPanMode(false);
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', blur);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', blur);
    };
  }, [ref]);

  return { panMode };
}
