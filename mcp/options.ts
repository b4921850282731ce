/**
 * The command line of `npm run mcp`, checked: a bad value stops the server with a message naming
 * the flag.
 */
import {LOCAL_SANDBOX_HOST, LOCAL_SANDBOX_PORT} from '../sandbox/local-sandbox.mjs';
import {PACKAGE_NAME} from './pack/manifest.ts';
import {DEFAULT_BUILD_DIR} from './site-build.ts';
import {TOOL_SETS, type ToolSet} from './tool-sets.ts';
import {commandFlags} from '../sandbox/command-flags.ts';

/** How each form of the server is started: from a checkout, or from its package with npx. */
const STARTED = {
  checkout: 'npm run --silent mcp -- [options]',
  packed: `npx -y <the address of the ${PACKAGE_NAME} .tgz> [options]`,
};
const BUILD_DEFAULT = {checkout: 'build/ of this checkout', packed: 'the pages packed with this server'};

/** The help text, for a server run from a checkout or (`packed`) from its npm package. */
export const usage = (packed: boolean) => {
  const form = packed ? 'packed' : 'checkout';
  return `Usage: ${STARTED[form]}   (an MCP server on stdio)

  --http PORT        serve Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio
  --build DIR        the site build to read (default: ${BUILD_DEFAULT[form]})
  --own-sandbox      always start a sandbox in this process for the sandbox tools, even when one
                     answers at ${LOCAL_SANDBOX_HOST}:${LOCAL_SANDBOX_PORT} (only such a sandbox can be reset)
  --tools SET        which tools to offer: all (default), or docs: search_docs, read_page,
                     get_operation and lookup_error only, no sandbox tool at all
  --remote-webhooks  let webhooks go to hosts other than this machine's loopback (localhost,
                     127.0.0.0/8, [::1]): subscriptions written and test events sent through the
                     tools, and deliveries of a sandbox this server starts; without it they are
                     refused (also KESTREL_MCP_REMOTE_WEBHOOKS=1)
  --help             this text

Environment: KESTREL_SANDBOX_URL, a sandbox on this machine to call instead (http://127.0.0.1:PORT/v1; /v1 is added to a bare origin).`;
};

export interface McpOptions {
  http?: number;
  buildDir: string;
  ownSandbox: boolean;
  remoteWebhooks: boolean;
  tools: ToolSet;
  help: boolean;
}

export class OptionError extends Error {}

export function parseOptions(argv: string[], env: Record<string, string | undefined>): McpOptions {
  const options: McpOptions = {
    buildDir: DEFAULT_BUILD_DIR,
    ownSandbox: false,
    remoteWebhooks: env.KESTREL_MCP_REMOTE_WEBHOOKS === '1',
    tools: 'all',
    help: false,
  };
  for (const [flag, value] of commandFlags(argv, (message) => new OptionError(message))) {
    if (flag === '--http') {
      const text = value();
      const port = Number(text);
      if (!/^\d+$/.test(text) || port < 1 || port > 65535)
        throw new OptionError(`--http needs a port from 1 to 65535, got "${text}".`);
      options.http = port;
    } else if (flag === '--build') options.buildDir = value();
    else if (flag === '--tools') {
      const set = value();
      if (!(TOOL_SETS as readonly string[]).includes(set))
        throw new OptionError(`--tools takes ${TOOL_SETS.join(' or ')}, got "${set}".`);
      options.tools = set as ToolSet;
    } else if (flag === '--own-sandbox') options.ownSandbox = true;
    else if (flag === '--remote-webhooks') options.remoteWebhooks = true;
    else if (flag === '--help') options.help = true;
    else throw new OptionError(`unknown option ${flag}.`);
  }
  return options;
}
