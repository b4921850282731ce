#!/usr/bin/env node
// `npm run lint:api`: Redocly's lint of the definition with its problems filed by status (tooling/lint-definition.mjs).
import {lintDefinition} from '../tooling/lint-definition.mjs';

try {
  const {status, output} = await lintDefinition();
  process.stdout.write(`${output.trim()}\n`);
  process.exit(status);
} catch (error) {
  console.error(`lint-api: ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}
