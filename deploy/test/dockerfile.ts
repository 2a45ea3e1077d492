// A small Dockerfile reader for the deploy tests: joins continuation lines, drops comments and
// splits the file into build stages of instructions.

export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  from: string;
  name: string | undefined;
  instructions: Instruction[];
}

export function parseDockerfile(text: string): { globals: Instruction[]; stages: Stage[] } {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (pending === '' && /^\s*#/.test(line)) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    const full = (pending + line.trim()).trim();
    pending = '';
    if (full !== '') logical.push(full);
  }
  if (pending.trim() !== '') throw new Error('Dockerfile ends inside a line continuation');

  const globals: Instruction[] = [];
  const stages: Stage[] = [];
  for (const line of logical) {
    const m = /^([A-Za-z]+)\s+(.*)$/.exec(line);
    if (!m) throw new Error(`not an instruction: ${line}`);
    const keyword = m[1]!.toUpperCase();
    const args = m[2]!;
    if (keyword === 'FROM') {
      const from = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!from) throw new Error(`bad FROM: ${args}`);
      stages.push({ from: from[1]!, name: from[2], instructions: [] });
    } else if (stages.length === 0) {
      globals.push({ keyword, args });
    } else {
      stages[stages.length - 1]!.instructions.push({ keyword, args });
    }
  }
  return { globals, stages };
}

/** The JSON (exec) form of CMD/ENTRYPOINT as an array; throws on the shell form. */
export function execForm(args: string): string[] {
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((x) => typeof x === 'string')) {
    throw new Error(`not an exec-form array: ${args}`);
  }
  return parsed;
}
