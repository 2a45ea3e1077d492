import fs from 'node:fs/promises';

/**
 * Flushes a folder's entries to disk (a file created, renamed or linked into it survives a crash
 * only once its folder is synced too). Used by the embedded stores after each durable rename or link.
 */
export async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
