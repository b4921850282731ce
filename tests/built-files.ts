/** Every file of the build (or of `dir`) whose name ends with `extension`, as paths under `dir`. */
import {readdirSync} from 'node:fs';
import path from 'node:path';

export function builtFiles(extension: string, dir = 'build'): string[] {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith(extension))
    .map((file) => path.join(dir, file));
}
