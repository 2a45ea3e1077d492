// First-visit tutorial record in session storage: {seen, timestamp, version, skipped}. The tutorial shows
// once per session: when there is no record, the stored version differs, or it was neither seen nor
// skipped.
import { TUTORIAL_STORAGE_KEY, TUTORIAL_VERSION } from './constants.js';

export interface TutorialRecord {
  seen: boolean;
  timestamp: number;
  version: string;
  skipped: boolean;
}

export interface SessionLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function parseTutorialRecord(raw: string | null): TutorialRecord | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<TutorialRecord> | null;
    if (typeof value !== 'object' || value === null) return null;
    return {
      seen: value.seen === true,
      timestamp: typeof value.timestamp === 'number' ? value.timestamp : 0,
      version: typeof value.version === 'string' ? value.version : '',
      skipped: value.skipped === true,
    };
  } catch {
    return null;
  }
}

export function shouldShowTutorial(record: TutorialRecord | null): boolean {
  if (!record || record.version !== TUTORIAL_VERSION) return true;
  return !record.seen && !record.skipped;
}

export function tutorialRecord(skipped: boolean, now: number): TutorialRecord {
  return { seen: true, timestamp: now, version: TUTORIAL_VERSION, skipped };
}

export function readTutorial(storage: SessionLike | null): TutorialRecord | null {
  try {
    return parseTutorialRecord(storage?.getItem(TUTORIAL_STORAGE_KEY) ?? null);
  } catch {
    return null;
  }
}

export function writeTutorial(storage: SessionLike | null, record: TutorialRecord): void {
  try {
    storage?.setItem(TUTORIAL_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Storage full or blocked: the tutorial may show again next visit, which is harmless.
  }
}
