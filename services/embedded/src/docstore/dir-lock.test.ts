/**
 * The data-folder lock: one holder at a time, in another process or in another worker thread of this
 * one (`npm start` runs every service as a thread of one process); a dead holder's lock is taken over.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDir } from './dir-lock.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-dir-lock-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const writeLock = (info: object) => fs.writeFileSync(path.join(dir, 'LOCK'), JSON.stringify(info));

describe('lockDir', () => {
  it('refuses a second open in the same thread, and allows it after release', () => {
    const lock = lockDir(dir);
    expect(() => lockDir(dir)).toThrow(/already open in this process/);
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
    lockDir(dir).release();
  });

  it('refuses a folder that another thread of this process holds', () => {
    // what another thread of this process writes: this thread's own lock, with the other thread's id
    const own = lockDir(dir);
    const held = { ...JSON.parse(fs.readFileSync(own.file, 'utf8')), thread: threadId + 1 };
    own.release();
    writeLock(held);
    expect(() => lockDir(dir)).toThrow(`in use by process ${process.pid} (thread ${threadId + 1})`);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'LOCK'), 'utf8'))).toEqual(held);
  });

  it('takes over the lock of a process that is gone', () => {
    // pid 2^22 + 1 is above Linux's pid_max limit: no process has it
    writeLock({ pid: 4_194_305, thread: 0, start: '1', host: os.hostname() });
    const lock = lockDir(dir);
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8'))).toMatchObject({
      pid: process.pid,
      thread: threadId,
    });
    lock.release();
  });
});
