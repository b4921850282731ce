/**
 * The build-time code samples (scripts/code-samples.mjs) that operation pages show instead of
 * generating code in the browser: eight languages per operation, each sending the documented
 * example request. The bundle step writes them on every build, so they cannot fall out of date;
 * this checks what they say.
 */
import {describe, expect, it} from 'vitest';
import {addCodeSamples, exampleRequest, API_KEY_PLACEHOLDER} from '../../scripts/code-samples.mjs';
import {CODE_SAMPLE_LANGUAGES} from '../../config/code-sample-languages';
import {buildDefinition} from '../../definition/index.ts';
import {loadBundledDefinition} from './openapi-definition';

// The samples as the bundle holds them, read back through the model.
const definition = structuredClone(loadBundledDefinition());
await addCodeSamples(definition);
const model = buildDefinition(definition);
const operations = model.operations.map((operation) => ({
  method: operation.method,
  pathTemplate: operation.path,
  operation,
}));

describe('build-time code samples', () => {
  it('cover all 49 operations', () => {
    expect(operations).toHaveLength(49);
  });

  describe.each(operations)('$method $pathTemplate', ({method, operation}) => {
    const request = exampleRequest(model, operation);
    const samples = operation.codeSamples;

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
      if (method !== 'GET' && !(method === 'POST' && request.body !== undefined)) {
        expect(curl).toContain(`-X ${method}`);
      }
      // -d, or --data-raw when the body holds an @ (which -d would read as a file name).
      const quoted = /(?:-d|--data-raw) '([\s\S]*)'\s*$/.exec(curl)?.[1];
      if (request.body === undefined) expect(quoted).toBeUndefined();
      else expect(JSON.parse(quoted!.replaceAll(`'\\''`, `'`))).toEqual(request.body);
    });
  });
});
