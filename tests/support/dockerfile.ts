import { readText } from './repo.js';

export interface Stage {
  name: string;
  from: string;
  instructions: Array<{ keyword: string; args: string }>;
}

/** Splits the Dockerfile into stages of instructions (line continuations joined, heredoc bodies skipped). */
export function parseDockerfile(text = readText('Dockerfile')): { globalArgs: Record<string, string>; stages: Stage[] } {
  const lines = text.split('\n');
  const instructions: Array<{ keyword: string; args: string }> = [];
  let buffer = '';
  let heredoc: string | null = null;
  for (const line of lines) {
    if (heredoc !== null) {
      if (line.trim() === heredoc) heredoc = null;
      continue;
    }
    if (!buffer && (line.trim().startsWith('#') || line.trim() === '')) continue;
    if (buffer && line.trim().startsWith('#')) continue;
    if (line.endsWith('\\')) {
      buffer += line.slice(0, -1) + ' ';
      continue;
    }
    const full = (buffer + line).trim();
    buffer = '';
    const match = /^(\w+)\s+([\s\S]*)$/.exec(full);
    if (!match) continue;
    instructions.push({ keyword: match[1]!.toUpperCase(), args: match[2]!.trim() });
    const here = /<<-?'?"?(\w+)'?"?/.exec(match[2]!);
    if (here) heredoc = here[1]!;
  }
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const parts = instruction.args.split(/\s+/).filter((p) => !p.startsWith('--'));
      const name = parts.length >= 3 && parts[1]!.toLowerCase() === 'as' ? parts[2]! : String(stages.length);
      stages.push({ name, from: parts[0]!, instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword === 'ARG') {
        const [key, value = ''] = instruction.args.split('=');
        globalArgs[key!] = value;
      }
    } else {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}

/** Resolves a stage's base image through ${ARG} defaults. */
export function baseImage(stage: Stage, globalArgs: Record<string, string>): string {
  return stage.from.replace(/\$\{?(\w+)\}?/g, (_, name: string) => globalArgs[name] ?? '');
}

export function stageEnv(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, args } of stage.instructions) {
    if (keyword !== 'ENV') continue;
    for (const match of args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[match[1]!] = match[2]!.replace(/^"|"$/g, '');
  }
  return env;
}
