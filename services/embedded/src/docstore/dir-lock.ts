/**
 * An exclusive lock on a data folder, so only one process opens an embedded store at a time.
 *
 * The lock is a file `LOCK` holding `{pid, thread, start, host}` (start = the process start time from
 * /proc, so a recycled pid is not mistaken for the holder; thread = the worker thread's id, as
 * `npm start` runs every service as a thread of one process). It is created atomically with its content
 * by hard-linking a private temp file to `LOCK` (link fails if `LOCK` exists). A lock whose holder is
 * no longer alive (killed, crashed, or this same pid in an earlier container run) is stale: it is
 * moved aside by an atomic rename, checked to be the very lock judged stale, and deleted, then the
 * lock is taken again. A live holder makes opening fail with a message naming the process.
 *
 * Liveness is checked on this machine only: a folder shared between hosts is not supported.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import type { Logger } from '@tessera/kit';

interface LockInfo {
  pid: number;
  /** worker_threads `threadId` of the holder (0: the main thread; absent in older lock files) */
  thread: number;
  start: string | null;
  host: string;
}

/** Folders locked by this thread (a second open in the same thread is refused too). */
const heldHere = new Set<string>();

/** Start time of a process (field 22 of /proc/<pid>/stat), or null where /proc is unavailable. */
function processStart(pid: number | 'self'): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: split after its closing ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(info: LockInfo, dir: string): boolean {
  // this process: this thread knows what it holds; another thread of this live process is alive
  if (info.pid === process.pid) return info.thread === threadId ? heldHere.has(dir) : true;
  try {
    process.kill(info.pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (info.start !== null) {
    const start = processStart(info.pid);
    if (start !== null && start !== info.start) return false;
  }
  return true;
}

function parse(text: string): LockInfo | undefined {
  try {
    const v = JSON.parse(text) as Partial<LockInfo>;
    if (typeof v.pid === 'number' && Number.isSafeInteger(v.pid) && v.pid > 0)
      return {
        pid: v.pid,
        thread: typeof v.thread === 'number' ? v.thread : 0,
        start: typeof v.start === 'string' ? v.start : null,
        host: String(v.host ?? ''),
      };
  } catch {
    // unreadable: treated as stale below
  }
  return undefined;
}

const readText = (file: string): string | undefined => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
};

export interface DirLock {
  readonly file: string;
  release(): void;
}

/** Takes the lock of `dir` (which must exist) or throws an Error explaining who holds it. */
export function lockDir(dir: string, logger?: Logger): DirLock {
  const abs = path.resolve(dir);
  const file = path.join(abs, 'LOCK');
  if (heldHere.has(abs)) throw new Error(`data folder ${abs} is already open in this process`);
  const content = JSON.stringify({
    pid: process.pid,
    thread: threadId,
    start: processStart('self'),
    host: os.hostname(),
  });
  const tmp = path.join(abs, `LOCK.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`);
  fs.writeFileSync(tmp, content);
  try {
    for (let attempt = 0; attempt < 10; attempt++) {
      if (tryCreate(tmp, file, content)) {
        heldHere.add(abs);
        return {
          file,
          release() {
            heldHere.delete(abs);
            if (readText(file) === content) fs.rmSync(file, { force: true });
          },
        };
      }
      const text = readText(file);
      if (text === undefined) continue;
      const info = parse(text);
      if (info && isAlive(info, abs))
        throw new Error(
          `data folder ${abs} is in use by process ${info.pid}${info.thread ? ` (thread ${info.thread})` : ''}${info.host ? ` on ${info.host}` : ''} ` +
            `(lock file ${file}); stop that process, or delete the lock file if it is not running`,
        );
      removeStale(file, text);
      logger?.warn({ file, stale: text }, 'docstore: removed a stale lock left by a process that is gone');
    }
    throw new Error(`could not lock data folder ${abs}: the lock file ${file} keeps changing`);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** Creates `file` with `content` atomically; false if it already exists. */
function tryCreate(tmp: string, file: string, content: string): boolean {
  try {
    fs.linkSync(tmp, file);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw err;
  }
  // File systems without hard links: exclusive create, then write.
  try {
    fs.writeFileSync(file, content, { flag: 'wx' });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** Removes the lock file only if it still holds `staleText` (another process may have replaced it). */
function removeStale(file: string, staleText: string): void {
  const aside = `${file}.stale.${process.pid}.${crypto.randomBytes(6).toString('hex')}`;
  try {
    fs.renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (readText(aside) !== staleText) {
    // We moved a fresh lock of another process: put it back (unless yet another one appeared).
    try {
      fs.linkSync(aside, file);
    } catch {
      // EEXIST: a third process holds the lock now; the retry loop will see it.
    }
  }
  fs.rmSync(aside, { force: true });
}
