/** Prints a sample's answer as JSON, or its error, and sets a failing exit code on an error. */
export function print(answer: Promise<unknown>): void {
  answer.then(
    (value) => console.log(JSON.stringify(value, null, 2)),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
