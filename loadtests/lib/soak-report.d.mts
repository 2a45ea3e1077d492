/** One memory sample of the soak: seconds since the load started, RSS in MB per process name. */
export interface MemorySample {
  seconds: number;
  rssMb: Record<string, number>;
}
export const PLATEAU_MB_PER_MIN: number;
export const REST_TARGET_MB: number;
export function totalMb(s: MemorySample): number;
export function slope(points: [number, number][]): number;
export function plateauCheck(
  samples: MemorySample[],
  threshold?: number,
): { slopeMbPerMin: number; from: number; to: number; points: number; plateau: boolean };
export function memoryTable(samples: MemorySample[]): string;
export function soakVerdict(samples: MemorySample[], restMb: number, threshold?: number): string[];
