/**
 * The eight code-sample languages of the API reference, in tab order. One list for the samples
 * written into the definition at build time (scripts/code-samples.mjs) and for the theme's tabs
 * (`languageTabs` in docusaurus.config.ts), so the two cannot drift apart.
 *
 * key/variant: Postman code generator; codeSampleLanguage: the `lang` of each `x-codeSamples`
 * entry, which the theme matches to a tab by the generator's label; highlight: Prism language.
 */
export const CODE_SAMPLE_LANGUAGES = [
  {key: 'curl', variant: 'cURL', codeSampleLanguage: 'cURL', label: 'cURL', highlight: 'bash'},
  {key: 'nodejs', variant: 'Axios', codeSampleLanguage: 'NodeJs', label: 'Node.js (axios)', highlight: 'javascript'},
  {key: 'python', variant: 'Requests', codeSampleLanguage: 'Python', label: 'Python (requests)', highlight: 'python'},
  {key: 'go', variant: 'Native', codeSampleLanguage: 'Go', label: 'Go (net/http)', highlight: 'go'},
  {key: 'java', variant: 'Unirest', codeSampleLanguage: 'Java', label: 'Java (Unirest)', highlight: 'java'},
  {key: 'php', variant: 'cURL', codeSampleLanguage: 'PHP', label: 'PHP (cURL)', highlight: 'php'},
  {key: 'ruby', variant: 'Net::HTTP', codeSampleLanguage: 'Ruby', label: 'Ruby (Net::HTTP)', highlight: 'ruby'},
  {key: 'csharp', variant: 'HttpClient', codeSampleLanguage: 'C#', label: 'C# (HttpClient)', highlight: 'csharp'},
];
