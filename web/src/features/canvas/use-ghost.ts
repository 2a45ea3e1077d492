// The ghost setting (canvas-scene/ghost.ts) as React state, shared by the canvas page and the editor:
// read from localStorage once, written back on every change.
import { useCallback, useState } from 'react';
import { readGhostSetting, writeGhostSetting } from '../../canvas-scene/index.js';

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function useGhost(): [boolean, (on: boolean) => void] {
  const [ghost, setGhost] = useState(() => readGhostSetting(storage()));
  const set = useCallback((on: boolean) => {
    writeGhostSetting(storage(), on);
    setGhost(on);
  }, []);
  return [ghost, set];
}

/** The switch's label (the canvas tools and the editor's hint bar). */
export const GHOST_LABEL = "Show the artist's design";
