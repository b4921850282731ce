/**
 * The eight code-sample languages of the API reference, in tab order. One list for the samples
 * written into the definition at build time (plugins/api-reference/code-samples.ts) and for the
 * tabs an operation page shows them in (plugins/api-reference/page-data.ts, src/components/CodeSamples),
 * so the two cannot drift apart.
 *
 * key: the tab's value (kept in the reader's storage as their choice) and the template's name in
 * snippets/reference/index.ts; codeSampleLanguage: the `lang` of each `x-codeSamples` entry;
 * label: the library the sample uses, in brackets after the language; highlight: Prism language;
 * aliases: other names a reader (or an assistant) calls the language by, lowercase.
 */
export const CODE_SAMPLE_LANGUAGES = [
  {key: 'curl', codeSampleLanguage: 'cURL', label: 'cURL', highlight: 'bash', aliases: ['shell', 'bash', 'sh']},
  {
    key: 'nodejs',
    codeSampleLanguage: 'NodeJs',
    label: 'Node.js (fetch)',
    highlight: 'javascript',
    aliases: ['node', 'javascript', 'js'],
  },
  {key: 'python', codeSampleLanguage: 'Python', label: 'Python (requests)', highlight: 'python', aliases: ['py']},
  {key: 'go', codeSampleLanguage: 'Go', label: 'Go (net/http)', highlight: 'go', aliases: ['golang']},
  {key: 'java', codeSampleLanguage: 'Java', label: 'Java (HttpClient)', highlight: 'java', aliases: []},
  {key: 'php', codeSampleLanguage: 'PHP', label: 'PHP (cURL)', highlight: 'php', aliases: []},
  {key: 'ruby', codeSampleLanguage: 'Ruby', label: 'Ruby (Net::HTTP)', highlight: 'ruby', aliases: ['rb']},
  {
    key: 'csharp',
    codeSampleLanguage: 'C#',
    label: 'C# (HttpClient)',
    highlight: 'csharp',
    aliases: ['cs', '.net', 'dotnet'],
  },
];

/** The tab's name, as an operation page shows it: the language without its library ("Python", not "Python (requests)"). */
export const tabLabel = (label: string): string => label.replace(/\s*\(.*\)$/, '');

/**
 * The language a name stands for, compared without case: its key, its `x-codeSamples` lang, its
 * label, its tab's name or an alias (`nodejs`, `NodeJs`, `Node.js (fetch)`, `Node.js`, `node`).
 */
export function sampleLanguage(name: string): (typeof CODE_SAMPLE_LANGUAGES)[number] | undefined {
  const wanted = name.trim().toLowerCase();
  return CODE_SAMPLE_LANGUAGES.find((l) =>
    [l.key, l.codeSampleLanguage, l.label, tabLabel(l.label), ...l.aliases].some((n) => n.toLowerCase() === wanted),
  );
}
