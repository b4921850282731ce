/**
 * The local search plugin, `@cmfcmf/docusaurus-search-local`, wrapped. Everything is the plugin's
 * (options, indexing, client theme, global data, name) except one step added after its postBuild:
 * the index files it wrote get their field weights, so that the spec's boosts weigh
 * (./search-field-weights.ts explains why the plugin's own boosts cancel out in lunr).
 */
/// <reference path="./docusaurus-search-local.d.ts" />
import {readFile, readdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {Plugin, PluginModule} from '@docusaurus/types';
import searchLocal, {validateOptions} from '@cmfcmf/docusaurus-search-local';
import {fieldBoostsOf, weighFields} from './search-field-weights';

type Options = {lunr: {titleBoost: number; contentBoost: number; tagsBoost: number; parentCategoriesBoost: number}};

const kestrelSearchLocal: PluginModule = (context, validatedOptions): Plugin => {
  const options = validatedOptions as Options;
  const plugin = searchLocal(context, options);
  return {
    ...plugin,
    async postBuild(props) {
      await plugin.postBuild!(props);
      const boosts = fieldBoostsOf(options.lunr);
      // The plugin indexes docs only here (spec 2.4), so it writes search-index-docs-*.json; the
      // empty "default" index comes from ./empty-default-search-index, whose postBuild runs alongside.
      const files = (await readdir(props.outDir)).filter((f) => /^search-index-docs-.*\.json$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const target = path.join(props.outDir, file);
          const json = JSON.parse(await readFile(target, 'utf8'));
          await writeFile(target, JSON.stringify({...json, index: weighFields(json.index, boosts)}));
        }),
      );
    },
  };
};
kestrelSearchLocal.validateOptions = validateOptions;

export default kestrelSearchLocal;
