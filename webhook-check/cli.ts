/** `npm run webhooks -- check URL`: see command.ts. */
import {runCommand} from './command.ts';

process.exitCode = await runCommand(process.argv.slice(2));
