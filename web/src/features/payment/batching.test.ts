import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.js';
import { chunk, sendInBatches } from './batching.js';

const items = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('batches', () => {
  it('chunks in order', () => {
    expect(chunk(items(5), 2)).toEqual([[0, 1], [2, 3], [4]]);
    expect(chunk([], 3)).toEqual([]);
    expect(() => chunk(items(2), 0)).toThrow(RangeError);
  });

  it('sends 2401 pixels as 1000, 1000, 401 with 100 ms between', async () => {
    const sent: number[][] = [];
    const sleeps: number[] = [];
    await sendInBatches(items(2401), async (b) => void sent.push(b), {
      sleep: async (ms) => void sleeps.push(ms),
    });
    expect(sent.map((b) => b.length)).toEqual([1000, 1000, 401]);
    expect(sent.flat()).toEqual(items(2401));
    expect(sleeps).toEqual([100, 100]);
  });

  it('falls back to 500 when the server answers 413', async () => {
    const sent: number[] = [];
    await sendInBatches(
      items(1200),
      async (b) => {
        if (b.length > 500)
          throw new ApiError({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'too large' });
        sent.push(b.length);
      },
      { sleep: async () => undefined },
    );
    expect(sent).toEqual([500, 500, 200]);
  });

  it('resumes after the last batch that was sent', async () => {
    const progress = { sent: 0 };
    let fail = true;
    const sent: number[] = [];
    const send = async (b: number[]) => {
      if (b[0] === 1000 && fail) {
        fail = false;
        throw new Error('network');
      }
      sent.push(b[0] as number);
    };
    await expect(
      sendInBatches(items(2500), send, { sleep: async () => undefined, progress }),
    ).rejects.toThrow();
    expect(progress.sent).toBe(1000);
    await sendInBatches(items(2500), send, { sleep: async () => undefined, progress });
    expect(sent).toEqual([0, 1000, 2000]);
    expect(progress.sent).toBe(2500);
  });
});
