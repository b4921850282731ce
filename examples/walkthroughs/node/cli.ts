/** Runs an example app's main() when the file is the script Node was started with (`npx tsx <file>`). */
import {KestrelProblem} from './kestrel-client.js';

export function runMain(script: string, main: () => Promise<void>): void {
  if (!new RegExp(`${script}\\.[cm]?[jt]s$`).test(process.argv[1] ?? '')) return;
  main().catch((error: unknown) => {
    if (error instanceof KestrelProblem) {
      console.error(`${error.status} ${error.code}: ${error.message} (traceId ${error.traceId ?? 'none'})`);
    } else {
      console.error(error instanceof Error ? error.message : error);
    }
    process.exitCode = 1;
  });
}
