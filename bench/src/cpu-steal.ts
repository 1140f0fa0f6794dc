import fs from 'node:fs';

/**
 * The machine's CPU time by kind, from the first line of Linux's `/proc/stat` (in clock ticks).
 * `steal` is time a virtual machine's CPUs were ready to run but the hypervisor ran someone else: on
 * a shared host it slows the product and the bare server of the same turns, and a run's figures
 * against another run's, so the benchmark reports it beside them (docs/performance.md: one 4-second load on one
 * machine had 36% of its CPU time stolen; a whole run's HTTP runs there, 2-10%).
 */
export interface CpuTimes {
  busy: number;
  idle: number;
  steal: number;
}

/** The `cpu` line of `/proc/stat`'s text: user nice system idle iowait irq softirq steal ... */
export function parseCpuTimes(procStat: string): CpuTimes | null {
  const line = procStat.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) return null;
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
}

/** This machine's CPU times now, or null where there is no `/proc/stat` (not Linux). */
export function readCpuTimes(): CpuTimes | null {
  try {
    return parseCpuTimes(fs.readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** The share (0-1) of the CPU time between two readings that the hypervisor took; null if unknown. */
export function stealShare(before: CpuTimes | null, after: CpuTimes | null): number | null {
  if (!before || !after) return null;
  const steal = after.steal - before.steal;
  const total = steal + after.busy - before.busy + after.idle - before.idle;
  return total > 0 ? steal / total : null;
}
