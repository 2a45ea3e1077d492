/** Name of a stack process from its command line (broker, ..., bff, start.mjs, redis); null otherwise. */
export function processName(cmdline: string): string | null;
/** The processes of the stack whose environment has `DATA_DIR=<dataDir>`: start.mjs, the broker, the services by name, the BFF. */
export function stackProcesses(dataDir: string): { pid: number; name: string }[];
/** /proc/<pid>/stat's parent, CPU ticks (user + system) and resident pages; null when it cannot be read. */
export function parseStat(text: string): { ppid: number; cpuTicks: number; rssPages: number } | null;
/** Pids whose parent is `ppid`. */
export function childrenOf(ppid: number): number[];
export function memoryOf(pid: number): { rss: number; pss: number; anon: number };
