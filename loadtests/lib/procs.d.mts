export function processName(cmdline: string): string | null;
/** The processes of the stack whose environment has `DATA_DIR=<dataDir>`, sorted by name. */
export function stackProcesses(dataDir: string): { pid: number; name: string }[];
export function memoryOf(pid: number): { rss: number; pss: number; anon: number };
