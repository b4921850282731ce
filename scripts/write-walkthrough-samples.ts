/**
 * `npm run gen-api`'s last step: each walkthrough step's curl, Python and Node.js samples, written
 * from the one table of steps (snippets/walkthrough/steps.ts) and the definition's facts of each
 * operation into examples/walkthroughs/, where the guides include them. They are build output,
 * listed in .gitignore: a change to a step is made in the table, never in a sample.
 *
 *   node scripts/write-walkthrough-samples.ts
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {loadDefinition} from '../definition/index.ts';
import {walkthroughRequests} from '../tooling/walkthrough-requests.ts';
import {stepFiles} from '../snippets/walkthrough/files.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  let written = 0;
  const files = walkthroughRequests(loadDefinition()).flatMap(stepFiles);
  for (const file of files) {
    const target = path.join(ROOT, file.path);
    const before = (() => {
      try {
        return readFileSync(target, 'utf8');
      } catch {
        return undefined;
      }
    })();
    if (before === file.text) continue;
    mkdirSync(path.dirname(target), {recursive: true});
    writeFileSync(target, file.text);
    written++;
  }
  console.log(`walkthrough samples: ${files.length} files -> examples/walkthroughs/ (${written} written)`);
} catch (error) {
  console.error(`walkthrough samples: ${(error as Error).message}`);
  process.exit(1);
}
