/**
 * Where the machine's CPU went during a measured window, read from /proc
 * (Linux): the benchmark's processes by pid, the shared servers (Postgres,
 * NATS, Redis) by name, and the whole machine, so that what other users of
 * the machine took shows too.
 */
import fs from 'node:fs';

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
