/**
 * Loaded first by every entry point (`node --import ./scripts/node-version.mjs ...` in package.json)
 * so that an unsupported Node.js stops with the versions it needs. On Node 20 the entry points,
 * TypeScript run directly, would otherwise die with ERR_UNKNOWN_FILE_EXTENSION and no word of the
 * version. Plain JavaScript that any Node.js since 18 loads; the supported lines are the `engines`
 * range of package.json, written once there (the MCP server's package copies both).
 */
import {existsSync, readFileSync} from 'node:fs';

/**
 * Whether `version` (`22.18.0`) satisfies `range`, a list of caret ranges (`^22.18.0 || ^24.0.0`),
 * the only form `engines` uses here.
 * @param {string} version
 * @param {string} range
 * @returns {boolean}
 */
function satisfies(version, range) {
  const parts = (/** @type {string} */ text) => text.split('.').map(Number);
  const [major = 0, minor = 0, patch = 0] = parts(version);
  return range.split('||').some((alternative) => {
    const m = /^\s*\^(\d+)\.(\d+)\.(\d+)\s*$/.exec(alternative);
    if (!m) throw new Error(`package.json engines.node: "${alternative.trim()}" is not a caret range such as ^22.18.0`);
    const [, a = 0, b = 0, c = 0] = m.map(Number);
    return major === a && (minor > b || (minor === b && patch >= c));
  });
}

const range = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
if (!satisfies(process.versions.node, range)) {
  // The MCP server's package (mcp/pack/) carries this check without the checkout's .nvmrc.
  const nvmrc = existsSync(new URL('../.nvmrc', import.meta.url))
    ? '; .nvmrc names the line the tests run on, which `nvm use` picks'
    : '';
  console.error(
    `Node.js ${process.versions.node} cannot run this: it needs Node.js ${range} (engines in package.json${nvmrc}).`,
  );
  process.exit(1);
}
