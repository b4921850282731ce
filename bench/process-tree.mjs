/**
 * Resident memory of a process and all its descendants, read from /proc (Linux): what a build
 * costs in memory is the sum over Docusaurus, the bundler's threads and any child processes.
 * Shared by `npm run bench` and `npm run bench:scale`.
 */
import {readdirSync, readFileSync} from 'node:fs';

const PAGE_SIZE = 4096;

/**
 * What a measured run passes on as it goes: each line the command prints, each memory sample.
 * @typedef {{output: (seconds: number, line: string) => void; sample: (seconds: number, bytes: number) => void}} Trace
 */

/**
 * Resident memory (bytes) of `rootPid` and every process below it.
 * @param {number | undefined} rootPid
 */
export function treeRss(rootPid) {
  /** @type {Map<number, number>} */
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const inTree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (!inTree.has(pid) && inTree.has(ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  let bytes = 0;
  for (const pid of inTree) {
    try {
      bytes += Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_SIZE;
    } catch {
      // Ended meanwhile.
    }
  }
  return bytes;
}

/**
 * Runs a command to its end, sampling the process tree's memory every 200 ms. Resolves with the
 * wall time and the peak; rejects naming the command when it fails. With `trace`, each sample and
 * each line the command prints is passed on with the seconds since it started (the command's
 * output is then read rather than dropped), to see which phase the memory goes to.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @param {Trace} [trace]
 * @returns {Promise<{seconds: number; peakBytes: number}>}
 */
export async function runMeasured(command, args, options = {}, trace = undefined) {
  const {spawn} = await import('node:child_process');
  const started = Date.now();
  const seconds = () => (Date.now() - started) / 1000;
  const child = spawn(command, args, {stdio: ['ignore', trace ? 'pipe' : 'ignore', 'inherit'], ...options});
  if (trace) {
    let pending = '';
    child.stdout?.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) trace.output(seconds(), line);
    });
  }
  let peak = 0;
  const timer = setInterval(() => {
    const bytes = treeRss(child.pid);
    peak = Math.max(peak, bytes);
    trace?.sample(seconds(), bytes);
  }, 200);
  const code = await new Promise((resolve) => child.on('exit', resolve));
  clearInterval(timer);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${code})`);
  return {seconds: seconds(), peakBytes: peak};
}
