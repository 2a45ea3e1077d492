import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.js';
import { verifyDelayMs, verifyPayment, verifySchedule } from './verification.js';

function scripted(statuses: Array<string | Error>) {
  const sleeps: number[] = [];
  let calls = 0;
  return {
    sleeps,
    calls: () => calls,
    options: {
      getStatus: async () => {
        const next = statuses[Math.min(calls, statuses.length - 1)] as string | Error;
        calls++;
        if (next instanceof Error) throw next;
        return next;
      },
      sleep: async (ms: number) => {
        sleeps.push(ms);
      },
    },
  };
}

describe('verification polling', () => {
  it('waits min(1000 x 2^n, 5000) ms between 12 attempts', () => {
    expect(verifyDelayMs(0)).toBe(1000);
    expect(verifyDelayMs(2)).toBe(4000);
    expect(verifyDelayMs(3)).toBe(5000);
    expect(verifySchedule()).toEqual([1000, 2000, 4000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000]);
  });

  it('keeps polling until succeeded', async () => {
    const s = scripted(['created', 'processing', 'succeeded']);
    await verifyPayment(s.options);
    expect(s.calls()).toBe(3);
    expect(s.sleeps).toEqual([1000, 2000]);
  });

  it("fails at once on a failed status (what fails is facts' intentVerdict)", async () => {
    const s = scripted(['processing', 'requires_payment_method']);
    await expect(verifyPayment(s.options)).rejects.toThrow('Payment verification failed');
    expect(s.calls()).toBe(2);
    const canceled = scripted(['created', 'canceled']);
    await expect(verifyPayment(canceled.options)).rejects.toThrow('Payment verification failed');
    expect(canceled.calls()).toBe(2);
  });

  it('gives up after 12 attempts', async () => {
    const s = scripted(['processing']);
    await expect(verifyPayment(s.options)).rejects.toThrow('Payment verification failed');
    expect(s.calls()).toBe(12);
    expect(s.sleeps).toEqual(verifySchedule());
  });

  it('rides over a failed status read, and reports the last read error when all fail', async () => {
    const network = new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' });
    const s = scripted([network, 'succeeded']);
    await verifyPayment(s.options);
    const t = scripted([network]);
    await expect(verifyPayment(t.options)).rejects.toBe(network);
    expect(t.calls()).toBe(12);
  });
});
