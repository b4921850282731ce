/**
 * Where the check's signing secret comes from: a file, or the environment variable the example
 * receivers read. Never the command line, where shell history and process lists keep it.
 */
import {readFileSync} from 'node:fs';

/** The variable the example receivers and the walkthrough samples read the secret from. */
export const SECRET_ENV = 'KESTREL_WEBHOOK_SECRET';

export class SecretError extends Error {}

/**
 * The secret in `file` (one trailing line break dropped), else in the environment; throws naming
 * what is missing. `fileOption` is how the caller names the file, for that message.
 */
export function readSecret(file: string | undefined, fileOption: string, env: NodeJS.ProcessEnv = process.env): string {
  if (file !== undefined) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new SecretError(
        `cannot read the secret file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
    const secret = text.replace(/\r?\n$/, '');
    if (secret === '') throw new SecretError(`the secret file ${file} is empty`);
    return secret;
  }
  const secret = env[SECRET_ENV];
  if (!secret) throw new SecretError(`no signing secret: set ${SECRET_ENV} or give a file with ${fileOption}`);
  return secret;
}
