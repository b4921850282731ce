/**
 * Prism grammars that only the API code samples need (Java, PHP, Ruby, C#). Registering a grammar
 * costs main-thread time on every page load (Prism walks all grammars for each one), so the
 * site config registers only what the guides use, and operation pages add these when they show
 * their samples. Prism components expect the instance on `globalThis.Prism`, as
 * @theme/prism-include-languages arranges for the others.
 */
import {getPrism} from '@site/packages/kestrel-theme/prism';

let loading: Promise<void> | null = null;

export const SAMPLE_ONLY_LANGUAGES = ['java', 'php', 'ruby', 'csharp'] as const;

/** Builds Prism (packages/kestrel-theme/prism) if need be: call it when the samples are about to be shown. */
export function loadSampleLanguages(): Promise<void> {
  const {Prism} = getPrism();
  if (SAMPLE_ONLY_LANGUAGES.every((lang) => lang in Prism.languages)) return Promise.resolve();
  loading ??= (async () => {
    const before = (globalThis as {Prism?: unknown}).Prism;
    (globalThis as {Prism?: unknown}).Prism = Prism;
    try {
      // In dependency order: PHP builds on markup-templating.
      await import('prismjs/components/prism-markup-templating.js');
      await import('prismjs/components/prism-php.js');
      await import('prismjs/components/prism-java.js');
      await import('prismjs/components/prism-ruby.js');
      await import('prismjs/components/prism-csharp.js');
    } finally {
      if (before === undefined) delete (globalThis as {Prism?: unknown}).Prism;
      else (globalThis as {Prism?: unknown}).Prism = before;
    }
  })();
  return loading;
}
