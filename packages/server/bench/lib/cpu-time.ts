/**
 * CPU time from /proc (Linux), for benchmarks that must compare work on a shared machine: unlike
 * wall time, the CPU a process spent is not stretched by other processes competing for the cores.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux (getconf CLK_TCK)

/** utime + stime of one process in milliseconds, or 0 when it is gone. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields are counted after the ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * The summed CPU milliseconds of every process whose command name is `name` and whose command line
 * contains `including` (PostgreSQL's backends show their database's name there: a backend serving
 * another database, such as other tests', is not counted). Processes that exit between two readings
 * take their CPU with them: read processes that live across the measurement, as pooled backends do.
 */
export function cpuMsOfCommand(name: string, including = ''): number {
  let total = 0;
  for (const ms of cpuMsByPidOfCommand(name, including).values()) total += ms;
  return total;
}

/** The same, per process id: `cpuMsSince` compares two readings process by process. */
export function cpuMsByPidOfCommand(name: string, including = ''): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (
        readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name &&
        readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(including)
      ) {
        byPid.set(Number(entry), processCpuMs(Number(entry)));
      }
    } catch {
      // exited meanwhile
    }
  }
  return byPid;
}

/**
 * CPU spent between two per-process readings: a process present in both adds its difference, one
 * started meanwhile adds all of its CPU, and one that exited meanwhile adds nothing (its last part
 * is unknown; summing totals instead made a round's CPU negative when a pooled backend exited).
 */
export function cpuMsSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += Math.max(0, ms - (before.get(pid) ?? 0));
  return total;
}
