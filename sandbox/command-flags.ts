/**
 * Walks a command's arguments for the commands that share this repository's flag rules (the local
 * sandbox, the MCP server, the workflows' runner, the webhook check): each argument in turn, with
 * `value()` to take the next one as its value. A missing value, or another flag in its place, is
 * refused with one line naming the flag, as each command's own error.
 */
export function* commandFlags(
  argv: readonly string[],
  refuse: (message: string) => Error,
): Generator<readonly [arg: string, value: () => string]> {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    yield [
      arg,
      () => {
        const next = argv[++i];
        if (next === undefined || next.startsWith('--')) throw refuse(`${arg} needs a value.`);
        return next;
      },
    ];
  }
}
