// Linux /proc readings of another process: CPU time (user + system) and resident memory.
import { readFileSync } from 'node:fs';

// USER_HZ is 100 on every Linux this runs on (getconf CLK_TCK); /proc reports CPU time in these ticks.
const TICKS_PER_SECOND = 100;

export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}
