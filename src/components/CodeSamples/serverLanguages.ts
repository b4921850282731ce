/**
 * The sample-only grammars (Java, PHP, Ruby, C#), registered as the server bundle loads, so that the
 * server's HTML holds those four samples highlighted like the other four, and they hydrate on that
 * markup. Without it the server wrote them as plain text and the browser drew them a second time,
 * Prism and all, once they came into view: about 70 ms of main-thread work on a throttled phone,
 * and four code blocks' DOM replaced.
 *
 * Server bundle only: in the browser bundle packages/kestrel-theme/bundler/lazy-prism.ts swaps this module for an empty
 * one (./noServerLanguages.ts), and the browser loads the grammars only for samples it draws
 * itself, after a client-side navigation (./prismLanguages.ts).
 */
import {getPrism} from '@site/packages/kestrel-theme/prism';
import {SAMPLE_ONLY_LANGUAGES} from './prismLanguages';

const {Prism} = getPrism();
const global = globalThis as {Prism?: unknown};
const before = global.Prism;
// Prism's components register themselves on `globalThis.Prism`, as packages/kestrel-theme/prism arranges for the others.
global.Prism = Prism;
try {
  // In dependency order: PHP builds on markup-templating. require(), not import: the grammars must
  // run after Prism is set on globalThis above and before it is restored below (imports are hoisted).
  /* eslint-disable @typescript-eslint/no-require-imports -- see above */
  require('prismjs/components/prism-markup-templating.js');
  require('prismjs/components/prism-php.js');
  require('prismjs/components/prism-java.js');
  require('prismjs/components/prism-ruby.js');
  require('prismjs/components/prism-csharp.js');
  /* eslint-enable @typescript-eslint/no-require-imports */
} finally {
  if (before === undefined) delete global.Prism;
  else global.Prism = before;
}

const missing = SAMPLE_ONLY_LANGUAGES.filter((lang) => !(lang in Prism.languages));
if (missing.length > 0)
  throw new Error(`CodeSamples: the server could not register the Prism grammars ${missing.join(', ')}`);

export {};
