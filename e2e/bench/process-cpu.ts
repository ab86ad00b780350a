/**
 * CPU time a started server spends, read from Linux's /proc: user plus system time of every process
 * in its process group (the simulator runs under npx and tsx, so its work is in a child). It tells
 * the cost of a route apart from the load on the machine: a ratio of requests per second moves
 * with whatever else runs, CPU per request much less. Elsewhere than Linux it is not available.
 */
import { readdirSync, readFileSync } from "node:fs";

const CLOCK_TICKS_PER_SECOND = 100;

/** Milliseconds of CPU the process group `pgid` has used so far; NaN without /proc, so sums over it read NaN. */
export function groupCpuMs(pgid: number): number {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return Number.NaN;
  }
  let ticks = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // gone since the listing
    }
    // The command name may hold spaces and parentheses; the fields that follow the last ")" do not.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // After the name: state, ppid, pgrp (index 2), …, utime (11), stime (12).
    if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}
