/** Runs an example app's main() when the file is the script Node was started with (`npx tsx <file>`). */
export function runMain(script: string, main: () => Promise<void>): void {
  if (!new RegExp(`${script}\\.[cm]?[jt]s$`).test(process.argv[1] ?? '')) return;
  main().catch((error: unknown) => {
    // A KestrelProblem's message holds its status, code, detail and traceId.
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
