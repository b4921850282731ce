/**
 * A bundler plugin that swaps one module for another where a theme imports it, for the plugins that
 * patch what a theme imports without forking it (tabs-without-remount). Works with Rspack and
 * webpack (both ship NormalModuleReplacementPlugin).
 */
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import type {ConfigureWebpackUtils} from '@docusaurus/types';
import type {WebpackPluginInstance} from 'webpack';

const require = createRequire(import.meta.url);

/**
 * The absolute path of an upstream module a patch rewrites the imports of, after `check` has read
 * its source (each check throws, naming the module, when upstream no longer has the shape the
 * patch relies on).
 */
export function checkedModule(request: string, check: (source: string) => void): string {
  const file = require.resolve(request);
  check(readFileSync(file, 'utf8'));
  return file;
}

type Request = {request: string; contextInfo?: {issuer?: string}};

export function replaceModule(
  bundler: ConfigureWebpackUtils['currentBundler'],
  requestPattern: RegExp,
  replacement: string,
  issuerMatches: (issuer: string) => boolean = () => true,
): WebpackPluginInstance {
  const {NormalModuleReplacementPlugin} = bundler.instance as unknown as {
    NormalModuleReplacementPlugin: new (pattern: RegExp, replace: (data: Request) => void) => WebpackPluginInstance;
  };
  return new NormalModuleReplacementPlugin(requestPattern, (data) => {
    if (requestPattern.test(data.request) && issuerMatches(data.contextInfo?.issuer ?? '')) data.request = replacement;
  });
}
