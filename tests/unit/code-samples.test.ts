/**
 * The build-time code samples (scripts/code-samples.mjs) that operation pages show instead of
 * generating code in the browser: eight languages per operation, each sending the documented
 * example request. The bundle step writes them on every build, so they cannot fall out of date;
 * this checks what they say.
 */
import {describe, expect, it} from 'vitest';
import {addCodeSamples, exampleRequest, API_KEY_PLACEHOLDER} from '../../scripts/code-samples.mjs';
import {CODE_SAMPLE_LANGUAGES} from '../../config/code-sample-languages';
import {HTTP_METHODS, loadBundledDefinition, type JsonObject} from './openapi-definition';

type Sample = {lang: string; label: string; source: string};
type Operation = {operationId: string; 'x-codeSamples': Sample[]};

const definition = loadBundledDefinition() as JsonObject & {paths: Record<string, Record<string, Operation>>};
await addCodeSamples(definition);
const operations = Object.entries(definition.paths).flatMap(([pathTemplate, item]) =>
  HTTP_METHODS.filter((m) => item[m]).map((method) => ({pathTemplate, method, operation: item[method]!})),
);

describe('build-time code samples', () => {
  it('cover all 49 operations', () => {
    expect(operations).toHaveLength(49);
  });

  describe.each(operations)('$method $pathTemplate', ({pathTemplate, method, operation}) => {
    const request = exampleRequest(definition, pathTemplate, method, operation);
    const samples = operation['x-codeSamples'];

    it('has one sample per language, in the order of the tabs', () => {
      expect(samples.map((s) => s.lang)).toEqual(CODE_SAMPLE_LANGUAGES.map((l) => l.codeSampleLanguage));
    });

    it('sends the documented example to the sandbox in every language', () => {
      expect(request.url).toMatch(/^https:\/\/api\.sandbox\.kestrel\.example\/v1\//);
      expect(request.url).not.toMatch(/[{}]/);
      for (const sample of samples) {
        expect(sample.source, sample.lang).toContain(request.url);
        expect(sample.source, sample.lang).toContain(`Bearer ${API_KEY_PLACEHOLDER}`);
        for (const [name, value] of request.headers) {
          expect(sample.source, `${sample.lang} header ${name}`).toContain(value);
        }
      }
    });

    it('the curl sample carries the method and the example body as JSON', () => {
      const curl = samples[0]!.source;
      if (method !== 'get' && !(method === 'post' && request.body !== undefined)) {
        expect(curl).toContain(`-X ${method.toUpperCase()}`);
      }
      // -d, or --data-raw when the body holds an @ (which -d would read as a file name).
      const quoted = /(?:-d|--data-raw) '([\s\S]*)'\s*$/.exec(curl)?.[1];
      if (request.body === undefined) expect(quoted).toBeUndefined();
      else expect(JSON.parse(quoted!.replaceAll(`'\\''`, `'`))).toEqual(request.body);
    });
  });
});
