import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Times GET /api/admin/answers/export for a whole date of the scale database (1M answers today) and
 * samples the server's resident memory while it streams. Self-contained: run.ts calls `timeExport` per format,
 * and once more as a slow reader (`bytesPerSecond`), which must leave the server's memory as flat as a fast one.
 * The body is read and counted, never kept, so the numbers are the server's (and the socket's).
 */
export type ExportTiming = {
  format: 'csv' | 'jsonl';
  rows: number;
  megabytes: number;
  seconds: number;
  rowsPerSecond: number;
  /** Resident memory of the API process tree (MiB): before the request, the highest sample during it, 2 s after. */
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssAfterMiB: number;
  /** Set for a slow reader: the rate it read at (bytes/s) and whether it stopped early (`maxSeconds`). */
  readBytesPerSecond?: number;
  stoppedEarly?: boolean;
};

/** Every process of the tree rooted at `pid` (the cluster primary and its workers). */
export function treePids(pid: number): number[] {
  const out = [pid];
  try {
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((s) => Number(s.trim()))
      .filter((n) => n > 0);
    for (const child of children) out.push(...treePids(child));
  } catch {
    // ps exits 1 when a process has no children.
  }
  return out;
}

/**
 * CPU time (user + system, ms) the process tree rooted at `pid` has used so far, from /proc (Linux; null
 * elsewhere). Processes that exited meanwhile are not counted, so sample a tree whose members live on.
 */
export function treeCpuMs(pid: number): number | null {
  let ticks = 0;
  try {
    for (const p of treePids(pid)) {
      // Fields after the command's closing parenthesis: state is the 3rd, utime the 14th, stime the 15th.
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null;
  }
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

function treeRssMiB(pid: number): number {
  const pids = treePids(pid);
  const text = execFileSync('ps', ['-o', 'rss=', '-p', pids.join(',')], { encoding: 'utf8' });
  const kib = text
    .split('\n')
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0)
    .reduce((a, b) => a + b, 0);
  return Math.round(kib / 1024);
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function timeExport(opts: {
  baseUrl: string;
  token: string;
  date: string;
  serverPid: number;
  format?: 'csv' | 'jsonl';
  /** Reads no faster than this (a slow client); the server must then read its pages no faster either. */
  bytesPerSecond?: number;
  /** Stops reading (cancels the download) after this long. */
  maxSeconds?: number;
}): Promise<ExportTiming> {
  const format = opts.format ?? 'csv';
  const rssBeforeMiB = treeRssMiB(opts.serverPid);
  let rssPeakMiB = rssBeforeMiB;
  const sampler = setInterval(() => {
    rssPeakMiB = Math.max(rssPeakMiB, treeRssMiB(opts.serverPid));
  }, 250);
  const started = performance.now();
  let stoppedEarly = false;
  try {
    const res = await fetch(`${opts.baseUrl}/api/admin/answers/export?date=${opts.date}&format=${format}`, {
      headers: { authorization: `Bearer ${opts.token}` },
    });
    if (!res.ok || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    let bytes = 0;
    let lines = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (let i = 0; i < value.length; i += 1) if (value[i] === 10) lines += 1;
      const elapsed = (performance.now() - started) / 1000;
      if (opts.maxSeconds !== undefined && elapsed >= opts.maxSeconds) {
        stoppedEarly = true;
        await reader.cancel();
        break;
      }
      if (opts.bytesPerSecond) await sleep(Math.max(0, (bytes / opts.bytesPerSecond - elapsed) * 1000));
    }
    const seconds = (performance.now() - started) / 1000;
    const rows = format === 'csv' ? lines - 1 : lines;
    clearInterval(sampler);
    await sleep(2000);
    return {
      format,
      rows,
      megabytes: Math.round((bytes / 2 ** 20) * 10) / 10,
      seconds: Math.round(seconds * 10) / 10,
      rowsPerSecond: Math.round(rows / seconds),
      rssBeforeMiB,
      rssPeakMiB,
      rssAfterMiB: treeRssMiB(opts.serverPid),
      ...(opts.bytesPerSecond ? { readBytesPerSecond: opts.bytesPerSecond, stoppedEarly } : {}),
    };
  } finally {
    clearInterval(sampler);
  }
}
