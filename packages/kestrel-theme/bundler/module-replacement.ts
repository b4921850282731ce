/**
 * A bundler plugin that swaps one module for another where a theme imports it, for the plugins that
 * patch what a theme imports without forking it (lazy-prism, tabs-without-remount,
 * explorer-storage-utils). Works with Rspack and webpack (both ship NormalModuleReplacementPlugin).
 */
import type {ConfigureWebpackUtils} from '@docusaurus/types';
import type {WebpackPluginInstance} from 'webpack';

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
