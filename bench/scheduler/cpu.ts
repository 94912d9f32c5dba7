/**
 * Where the machine's CPU went during a measured window, read from /proc
 * (Linux): the benchmark's processes by pid, the shared servers (Postgres,
 * NATS, Redis) by name, and the whole machine, so that what other users of
 * the machine took shows too.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Clock ticks per second of /proc's counters (`getconf CLK_TCK`; 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User + system ticks of one process; null once it is gone. */
function processTicks(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on: utime is field 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Busy ticks of the whole machine (all CPUs): everything but idle and I/O wait. */
function machineTicks(): number {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = values.map(Number);
  return user! + nice! + system! + irq! + softirq! + steal!;
}

/** Processes whose command is one of `names`, by pid. */
function processesNamed(names: readonly string[]): Map<number, string> {
  const found = new Map<number, string>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (names.includes(comm)) found.set(Number(entry), comm);
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

export interface CpuReport {
  /** CPU seconds per label, largest first. */
  byLabel: Array<[string, number]>;
  /** CPU seconds the whole machine was busy, and what it could have been (seconds × CPUs). */
  machine: number;
  available: number;
}

/**
 * Samples every second from `start()` until `stop()`. `labelled()` names the
 * benchmark's own processes (asked at each sample: a restarted one has a new
 * pid); `servers` are counted by command name, all their processes together.
 * A process born in the window counts from zero; one that dies keeps what it
 * had used at its last sample.
 */
export class CpuMeter {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, { label: string; ticks: number }>();
  private machineFirst = 0;
  private machineLast = 0;
  private startedAt = 0;
  private stoppedAt = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly labelled: () => Map<number, string>,
    private readonly servers: readonly string[],
    private readonly cpus: number,
  ) {}

  start(): void {
    this.startedAt = performance.now();
    this.machineFirst = machineTicks();
    for (const [pid] of this.watched()) {
      const ticks = processTicks(pid);
      if (ticks !== null) this.first.set(pid, ticks);
    }
    this.sample();
    this.timer = setInterval(() => this.sample(), 1000);
  }

  /** Samples now (before killing a process, so its last second counts). */
  sample(): void {
    this.machineLast = machineTicks();
    this.stoppedAt = performance.now();
    for (const [pid, label] of this.watched()) {
      const ticks = processTicks(pid);
      if (ticks !== null) this.last.set(pid, { label, ticks });
    }
  }

  stop(): CpuReport {
    clearInterval(this.timer);
    this.sample();
    const byLabel = new Map<string, number>();
    for (const [pid, { label, ticks }] of this.last) {
      byLabel.set(label, (byLabel.get(label) ?? 0) + (ticks - (this.first.get(pid) ?? 0)) / TICKS_PER_SECOND);
    }
    return {
      byLabel: [...byLabel].sort((a, b) => b[1] - a[1]),
      machine: (this.machineLast - this.machineFirst) / TICKS_PER_SECOND,
      available: ((this.stoppedAt - this.startedAt) / 1000) * this.cpus,
    };
  }

  private watched(): Map<number, string> {
    return new Map([...processesNamed(this.servers), ...this.labelled()]);
  }
}

interface ProfileNode {
  id: number;
  hitCount?: number;
  children?: number[];
  callFrame: { url: string; functionName: string };
}

const REPOSITORY = pathToFileURL(new URL('../../', import.meta.url).pathname).href;

/** Where a function's code lives: a package under node_modules, or a workspace of the repository (services/posts). */
function placeOf(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [first, second] = url.slice(modules + 'node_modules/'.length).split('/');
    return first!.startsWith('@') ? `${first}/${second}` : first!;
  }
  return url.startsWith(REPOSITORY) ? url.slice(REPOSITORY.length).split('/').slice(0, 2).join('/') : url;
}

/**
 * A V8 CPU profile's busy time by where the code runs, as shares, largest
 * first: node's own modules and built-ins (socket writes, JSON, regular
 * expressions…) count for the code that called them, 'node' when nothing
 * did (the event loop's own work); the garbage collector and V8's own work
 * count apart.
 */
export function profileByPlace(file: string): Array<[string, number]> {
  const { nodes } = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: ProfileNode[] };
  const parentOf = new Map<number, ProfileNode>();
  for (const node of nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  const placeOfNode = (node: ProfileNode): string => {
    for (let at: ProfileNode | undefined = node; at; at = parentOf.get(at.id)) {
      const { url } = at.callFrame;
      if (url && !url.startsWith('node:')) return placeOf(url);
    }
    return 'node';
  };
  const hits = new Map<string, number>();
  for (const node of nodes) {
    if (!node.hitCount || node.callFrame.functionName === '(idle)') continue;
    const place = ['(garbage collector)', '(program)'].includes(node.callFrame.functionName) ? node.callFrame.functionName : placeOfNode(node);
    hits.set(place, (hits.get(place) ?? 0) + node.hitCount);
  }
  const total = [...hits.values()].reduce((sum, n) => sum + n, 0);
  return [...hits].map(([place, n]): [string, number] => [place, n / total]).sort((a, b) => b[1] - a[1]);
}
