/**
 * The Kestrel theme: everything the portal changes in Docusaurus and its themes, as one theme
 * plugin (registered last in `themes:` of docusaurus.config.ts, so its components win).
 *
 * - ./theme: the swizzles. A wrapper reaches the component it wraps as `@theme-init/...`:
 *   in a theme plugin, `@theme-original/...` names the last theme's component, this one's.
 * - ./bundler: the bundler patches, composed into one configureWebpack below.
 * - ./html: the tags written into every page (code colours in <head>).
 * - ./ssr-template.ts: the page template, site config (`ssrTemplate`), exported from here.
 * - ./substitutes: browser modules the bundler patches substitute.
 */
import path from 'node:path';
import type {HtmlTags, LoadContext, Plugin} from '@docusaurus/types';
import tabsWithoutRemount from './bundler/tabs-without-remount';
import singleServerBundle from './bundler/single-server-bundle';
import prismOnDemand from './bundler/prism-on-demand';
import codeThemeCss from './html/code-theme-css';
import {darkCodeTheme, lightCodeTheme} from './html/prism-themes';
import type {ThemesByMode} from './html/code-token-css';

export {ssrTemplate} from './ssr-template';

type ConfigureWebpackResult = Exclude<ReturnType<NonNullable<Plugin['configureWebpack']>>, void>;

/**
 * The code colours of both modes: CSS in each page's head for the code highlighted at build time
 * (./html/code-theme-css.ts), and `themeConfig.prism`'s themes for the few blocks the browser draws
 * (the explorer's request and answer).
 */
export const codeThemes: ThemesByMode = {dark: darkCodeTheme, light: lightCodeTheme};

const THEME = path.resolve(__dirname, 'theme');

type Part = Pick<Plugin, 'name' | 'configureWebpack' | 'injectHtmlTags'>;

/**
 * The bundler patches' configureWebpack, one after the other on the same config. Each patch adds
 * bundler plugins (or edits the config in place, as single-server-bundle does); anything else it
 * returned would need merging rules of its own, so it fails here, naming the patch.
 */
export function composeConfigureWebpack(parts: readonly Part[]): NonNullable<Plugin['configureWebpack']> {
  return (config, isServer, utils, content) => {
    const plugins: NonNullable<ConfigureWebpackResult['plugins']> = [];
    for (const part of parts) {
      const {plugins: added = [], ...rest}: ConfigureWebpackResult =
        part.configureWebpack?.(config, isServer, utils, content) ?? {};
      const other = Object.keys(rest);
      if (other.length > 0)
        throw new Error(
          `kestrel-theme: ${part.name}'s configureWebpack returns ${other.join(', ')}; only \`plugins\` are composed`,
        );
      plugins.push(...added);
    }
    return {plugins};
  };
}

const asList = (tags: HtmlTags | undefined) => (tags === undefined ? [] : Array.isArray(tags) ? tags : [tags]);

/** The html parts' tags, in order, per place. */
export function composeInjectHtmlTags(parts: readonly Part[]): NonNullable<Plugin['injectHtmlTags']> {
  return (args) => {
    const tags = {
      headTags: [] as ReturnType<typeof asList>,
      preBodyTags: [] as ReturnType<typeof asList>,
      postBodyTags: [] as ReturnType<typeof asList>,
    };
    for (const part of parts) {
      const added = part.injectHtmlTags?.(args) ?? {};
      tags.headTags.push(...asList(added.headTags));
      tags.preBodyTags.push(...asList(added.preBodyTags));
      tags.postBodyTags.push(...asList(added.postBodyTags));
    }
    return tags;
  };
}

export default function kestrelTheme(context: LoadContext): Plugin {
  const bundler: Part[] = [tabsWithoutRemount(), singleServerBundle(), prismOnDemand()];
  const html: Part[] = [codeThemeCss(context, codeThemes)];
  return {
    name: 'kestrel-theme',
    getThemePath: () => THEME,
    getTypeScriptThemePath: () => THEME,
    configureWebpack: composeConfigureWebpack(bundler),
    injectHtmlTags: composeInjectHtmlTags(html),
  };
}
