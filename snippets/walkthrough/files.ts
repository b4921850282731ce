/** Where each step's samples live under examples/walkthroughs/, and what each file holds. */
import {curlScript} from './curl.ts';
import {nodeScript} from './node.ts';
import {pythonScript} from './python.ts';
import type {StepRequest} from './step.ts';

export const SAMPLE_LANGUAGES = ['curl', 'nodejs', 'python'] as const;
export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number];

/** A step's sample file in a language, from the repository's root; Python's name is in snake case, as imports want. */
export function sampleFile(language: SampleLanguage, slug: string): string {
  if (language === 'curl') return `examples/walkthroughs/curl/${slug}.sh`;
  if (language === 'nodejs') return `examples/walkthroughs/node/steps/${slug}.ts`;
  return `examples/walkthroughs/python/${slug.replaceAll('-', '_')}.py`;
}

const SCRIPTS: Record<SampleLanguage, (step: StepRequest) => string> = {
  curl: curlScript,
  nodejs: nodeScript,
  python: pythonScript,
};

/** Every file of a step: its path and its text. */
export const stepFiles = (step: StepRequest): {path: string; text: string}[] =>
  SAMPLE_LANGUAGES.map((language) => ({path: sampleFile(language, step.slug), text: SCRIPTS[language](step)}));
