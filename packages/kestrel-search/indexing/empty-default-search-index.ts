/**
 * The search client always fetches `search-index-default.json` (the "default" tag is on every
 * page), but the search plugin writes an index only for tags that have documents, and the portal
 * indexes docs only. Without this file every search would log a 404. This plugin writes the
 * empty default index, serialised by the same lunr build the plugin uses.
 */
import {writeFile, access} from 'node:fs/promises';
import path from 'node:path';
import {createRequire} from 'node:module';
import type {Plugin} from '@docusaurus/types';
import type lunrBuild from '@cmfcmf/docusaurus-search-local/lib/lunr.js';

const require = createRequire(import.meta.url);

export default function emptyDefaultSearchIndex(): Plugin {
  return {
    name: 'empty-default-search-index',
    async postBuild({outDir}) {
      const file = path.join(outDir, 'search-index-default.json');
      const exists = await access(file).then(
        () => true,
        () => false,
      );
      if (exists) return;
      const lunr = require('@cmfcmf/docusaurus-search-local/lib/lunr.js') as typeof lunrBuild;
      const index = lunr(function () {
        this.ref('id');
        this.field('title');
        this.field('content');
        this.field('tags');
        this.field('sidebarParentCategories');
      });
      await writeFile(file, JSON.stringify({documents: [], index}));
    },
  };
}
