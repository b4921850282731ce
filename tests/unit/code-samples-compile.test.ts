/**
 * The code samples of every operation page are valid code: each language's samples go through its
 * own parser or compiler, as a reader's would take them: bash -n (curl), node --check (an ES
 * module: the Node.js samples use top-level await), python3 -m py_compile, gofmt and go vet, javac.
 * The Python samples' bodies also evaluate to the documented example; php -l and ruby -c check PHP
 * and Ruby (.ci/run installs both). C# needs the .NET SDK, which this suite does not assume.
 */
import {afterAll, describe, expect, it} from 'vitest';
import {execFile, execFileSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {addCodeSamples, exampleRequest} from '../../plugins/api-reference/code-samples.ts';
import {buildDefinition} from '../../definition/index.ts';
import {loadBundledDefinition} from './openapi-definition';

const run = promisify(execFile);
const definition = structuredClone(loadBundledDefinition());
await addCodeSamples(definition);
const model = buildDefinition(definition);
const DIR = mkdtempSync(path.join(tmpdir(), 'kestrel-code-samples-'));
afterAll(() => rmSync(DIR, {recursive: true, force: true}));

/** Each operation's sample in one language, written to `dir/<slug>/<file>`; the paths. */
function writeSamples(
  lang: string,
  file: (slug: string) => string,
  edit: (source: string, slug: string) => string = (source) => source,
): string[] {
  return model.operations.map((operation) => {
    const sample = operation.codeSamples.find((s) => s.lang === lang)!;
    const target = path.join(DIR, lang, operation.slug, file(operation.slug));
    mkdirSync(path.dirname(target), {recursive: true});
    // Saved as a file, with the final newline an editor adds.
    writeFileSync(target, `${edit(sample.source, operation.slug)}\n`);
    return target;
  });
}

/** Fails, naming the tool and how to get it, where a language's checker is missing: never a silent skip. */
const requireTool = (command: string, debianPackage: string) => {
  try {
    execFileSync(command, ['--version'], {stdio: 'ignore'});
  } catch {
    throw new Error(`${command} is not installed: apt-get install ${debianPackage} (.ci/run does).`);
  }
};
/** Runs a check on every file; resolves with the failures, each with the checker's message. */
async function failures(files: string[], check: (file: string) => Promise<unknown>): Promise<string[]> {
  const out: string[] = [];
  for (const file of files) {
    await check(file).catch((error: {stderr?: string; message: string}) =>
      out.push(`${path.relative(DIR, file)}: ${error.stderr || error.message}`),
    );
  }
  return out;
}

describe('the code samples of every operation', () => {
  it('curl: bash reads each without a syntax error', async () => {
    const files = writeSamples('cURL', () => 'sample.sh');
    expect(await failures(files, (file) => run('bash', ['-n', file]))).toEqual([]);
  });

  it('Node.js: node --check parses each as an ES module', async () => {
    const files = writeSamples('NodeJs', () => 'sample.mjs');
    expect(await failures(files, (file) => run(process.execPath, ['--check', file]))).toEqual([]);
  });

  it('Python: py_compile compiles each, and its json= body evaluates to the documented example', async () => {
    const files = writeSamples('Python', () => 'sample.py');
    await run('python3', ['-m', 'py_compile', ...files], {
      env: {...process.env, PYTHONPYCACHEPREFIX: path.join(DIR, 'pycache')},
    });
    // The body as Python reads it (True, False, None), printed back as JSON.
    const {stdout} = await run('python3', [
      '-c',
      `import ast, json, sys
for name in sys.argv[1:]:
    tree = ast.parse(open(name, encoding="utf-8").read())
    bodies = [k.value for n in ast.walk(tree) if isinstance(n, ast.Call) for k in n.keywords if k.arg == "json"]
    print(json.dumps(ast.literal_eval(bodies[0]) if bodies else None))`,
      ...files,
    ]);
    const bodies = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(bodies).toEqual(model.operations.map((operation) => exampleRequest(model, operation).body ?? null));
  });

  it('Go: gofmt finds nothing to change and go vet passes', async () => {
    const files = writeSamples('Go', () => 'main.go');
    const root = path.join(DIR, 'Go');
    writeFileSync(path.join(root, 'go.mod'), 'module samples\n\ngo 1.19\n');
    const {stdout} = await run('gofmt', ['-l', root]);
    expect(stdout.trim()).toBe('');
    const vet = await run('go', ['vet', './...'], {cwd: root, env: {...process.env, GOFLAGS: '-mod=mod'}}).then(
      () => '',
      (error: {stderr: string}) => error.stderr,
    );
    expect(vet).toBe('');
    expect(files).toHaveLength(model.operations.length);
  }, 180_000);

  it('Java: javac compiles all of them', async () => {
    // One javac for all: each sample's class takes a name of its own (every sample is class Main).
    const files = writeSamples(
      'Java',
      (slug) => `${className(slug)}.java`,
      (source, slug) => source.replace('public class Main {', `public class ${className(slug)} {`),
    );
    const result = await run('javac', ['-d', path.join(DIR, 'Java-classes'), ...files]).then(
      () => '',
      (error: {stderr: string}) => error.stderr,
    );
    expect(result).toBe('');
  }, 120_000);

  it('PHP: php -l finds no syntax error', async () => {
    requireTool('php', 'php-cli');
    const files = writeSamples('PHP', () => 'sample.php');
    expect(await failures(files, (file) => run('php', ['-l', file]))).toEqual([]);
  });

  it('Ruby: ruby -c finds no syntax error', async () => {
    requireTool('ruby', 'ruby');
    const files = writeSamples('Ruby', () => 'sample.rb');
    expect(await failures(files, (file) => run('ruby', ['-c', file]))).toEqual([]);
  });
});

const className = (slug: string) => `Sample${slug.replace(/(^|-)([a-z0-9])/g, (_m, _d, c: string) => c.toUpperCase())}`;
