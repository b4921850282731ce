/**
 * Preloaded into every Node process and worker thread of a measured build (`npm run bench:scale
 * -- K --trace FILE` puts it in NODE_OPTIONS): every 500 ms it appends one line of
 * process.memoryUsage() to the file named by KESTREL_MEMORY_LOG, tagged with the process, thread
 * and script. The process tree's RSS alone cannot say whether memory is JavaScript (V8 heaps,
 * one per thread), Buffers (external) or native (RSS minus both: Rspack's Rust side, code).
 */
'use strict';
const {appendFileSync} = require('node:fs');
const {isMainThread, threadId} = require('node:worker_threads');
const path = require('node:path');

const file = process.env.KESTREL_MEMORY_LOG;
if (file) {
  const script = path.basename(process.argv[1] ?? 'node');
  const sample = () => {
    const m = process.memoryUsage();
    const line = [
      Date.now(),
      process.pid,
      isMainThread ? 0 : threadId,
      m.rss,
      m.heapTotal,
      m.heapUsed,
      m.external,
      m.arrayBuffers,
      script,
    ];
    try {
      appendFileSync(file, `${line.join('\t')}\n`);
    } catch {
      // The bench removed the folder: nothing more to record.
    }
  };
  sample();
  setInterval(sample, 500).unref();
}
