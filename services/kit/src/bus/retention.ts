/**
 * How much of the stream every bus adapter keeps: a message count and an age, whichever trims
 * more. NATS JetStream's stream limits (nats.ts) and the embedded broker's stream (@tessera/embedded)
 * take the same defaults.
 */
export interface RetentionLimits {
  maxMessages: number;
  maxAgeMs: number;
}

export const DEFAULT_RETENTION: RetentionLimits = { maxMessages: 100_000, maxAgeMs: 24 * 3600_000 };
