/**
 * The eight code-sample languages of the API reference, in tab order. One list for the samples
 * written into the definition at build time (plugins/api-reference/code-samples.mjs) and for the
 * tabs an operation page shows them in (plugins/api-reference/page-data.ts, src/components/CodeSamples),
 * so the two cannot drift apart.
 *
 * key: the tab's value (kept in the reader's storage as their choice) and the template's name in
 * plugins/api-reference/code-sample-templates.mjs; codeSampleLanguage: the `lang` of each `x-codeSamples` entry;
 * label: the library the sample uses, in brackets after the language; highlight: Prism language.
 */
export const CODE_SAMPLE_LANGUAGES = [
  {key: 'curl', codeSampleLanguage: 'cURL', label: 'cURL', highlight: 'bash'},
  {key: 'nodejs', codeSampleLanguage: 'NodeJs', label: 'Node.js (fetch)', highlight: 'javascript'},
  {key: 'python', codeSampleLanguage: 'Python', label: 'Python (requests)', highlight: 'python'},
  {key: 'go', codeSampleLanguage: 'Go', label: 'Go (net/http)', highlight: 'go'},
  {key: 'java', codeSampleLanguage: 'Java', label: 'Java (HttpClient)', highlight: 'java'},
  {key: 'php', codeSampleLanguage: 'PHP', label: 'PHP (cURL)', highlight: 'php'},
  {key: 'ruby', codeSampleLanguage: 'Ruby', label: 'Ruby (Net::HTTP)', highlight: 'ruby'},
  {key: 'csharp', codeSampleLanguage: 'C#', label: 'C# (HttpClient)', highlight: 'csharp'},
];
