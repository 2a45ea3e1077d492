// Seconds left until a moment, ticking once a second (the reset code's resend cooldown).
import { useEffect, useState } from 'react';
import { secondsRemaining } from '@tessera/facts/locks';

export function secondsLeft(until: number | null, now: number): number {
  return until === null ? 0 : secondsRemaining(until, now);
}

export function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(until, now);
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}
