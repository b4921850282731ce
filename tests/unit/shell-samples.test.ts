/**
 * Every shell sample a reader may paste or run: the scripts under examples/, the shell blocks of
 * the guides, the API pages and the examples' READMEs, the curl sample of every operation page and
 * the Try-it explorer's copy of each operation's request, and the example request of each
 * operation page's Markdown twin (llms-full.txt holds them too).
 * Each curl command caps its time with --max-time, and no command hands a secret (API key, webhook
 * or client secret, token) to a program in its arguments, where every user of the machine can read
 * it with `ps`: secrets reach curl from printf, a shell builtin, through a file descriptor.
 */
import {describe, expect, it} from 'vitest';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {addCodeSamples} from '../../plugins/api-reference/code-samples.ts';
import {buildDefinition, tryItOperation} from '../../definition/index.ts';
import {buildRequest} from '../../src/components/TryIt/request';
import {OpenApiMarkdown} from '../../plugins/llms-txt/openapi-markdown';
import {tryItCurl} from '../../snippets/try-it.ts';
import {loadBundledDefinition} from './openapi-definition';
import {ROOT, isEmbed, readFences, shellCommands} from './guide-http';
import {secretArguments} from './shell-argv';

const SHELL_FENCES = new Set(['bash', 'sh', 'shell', 'console', 'zsh']);

function walk(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(path.join(ROOT, dir), {withFileTypes: true})
    .filter((e) => e.name !== 'node_modules')
    .flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`, keep) : keep(e.name) ? [`${dir}/${e.name}`] : []))
    .sort();
}

interface ShellSample {
  where: string;
  text: string;
  /** Lines of the file before the text's first line. */
  offset?: number;
}

const scripts: ShellSample[] = walk('examples', (name) => name.endsWith('.sh')).map((file) => ({
  where: file,
  text: readFileSync(path.join(ROOT, file), 'utf8'),
}));
// Hand-written pages only: the generated API pages (api/*.api.mdx) carry the samples read below.
const pages = [
  ...walk('docs', (name) => /\.mdx?$/.test(name)),
  ...walk('api', (name) => /\.mdx?$/.test(name) && !name.endsWith('.api.mdx')),
  ...walk('examples', (name) => name.endsWith('.md')),
];
const blocks: ShellSample[] = pages.flatMap((file) =>
  readFences(readFileSync(path.join(ROOT, file), 'utf8'))
    .fences.filter((fence) => SHELL_FENCES.has(fence.lang) && !isEmbed(fence))
    .map((fence) => ({where: file, text: fence.body, offset: fence.line})),
);
const bundle = structuredClone(loadBundledDefinition());
await addCodeSamples(bundle);
const generated: ShellSample[] = buildDefinition(bundle).operations.map((operation) => ({
  where: `the curl sample of ${operation.slug}`,
  text: operation.codeSamples.find((sample) => sample.lang === 'cURL')!.source,
}));
// The Try-it explorer's copy of each operation's request, sent with a token typed into its form.
const TYPED_TOKEN = 'sk_sandbox_typed_into_the_form';
const model = buildDefinition(bundle);
const tryItCopies: ShellSample[] = model.operations.map((operation) => ({
  where: `the Try-it copy of ${operation.slug}`,
  text: tryItCurl(
    buildRequest(tryItOperation(model, operation), {
      server: 'https://sandbox.kestrel.example/v1',
      token: TYPED_TOKEN,
      values: {},
      idempotencyKey: 'c4e05986-aba3-4466-b066-8987cb084fa2',
      body: '{}',
    }),
  ),
}));
// The Markdown twin of each operation page, as assistants read it (/api/{slug}.md, llms-full.txt).
const twins: ShellSample[] = new OpenApiMarkdown(model, '').pages().flatMap((page) =>
  readFences(page.markdown)
    .fences.filter((fence) => SHELL_FENCES.has(fence.lang))
    .map((fence) => ({where: `the Markdown twin of ${page.slug}`, text: fence.body, offset: fence.line})),
);
const samples = [...scripts, ...blocks, ...generated, ...tryItCopies, ...twins];

/** `curl` where it starts a command, outside comments: every one the word splitter must find too. */
const curlMentions = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .match(/(?:^|[\s;|&(])curl\s/g)?.length ?? 0;

describe('the shell samples', () => {
  it('are read from the examples, the guides and every operation page', () => {
    expect(scripts.length).toBeGreaterThanOrEqual(35);
    expect(blocks.length).toBeGreaterThanOrEqual(15);
    expect(generated.length).toBeGreaterThan(0);
    // Each operation's twin shows its request: none is left out of the checks below.
    expect(twins.map(({where}) => where).sort()).toEqual(
      model.operations.map((operation) => `the Markdown twin of ${operation.slug}`).sort(),
    );
  });

  it('end every curl command with --max-time, whatever host it calls', () => {
    const commands = samples.flatMap(({where, text, offset}) =>
      shellCommands(text)
        .filter((words) => words[0] === 'curl')
        .map((words) => ({where: offset ? `${where}, the block at line ${offset}` : where, words})),
    );
    // Every curl the text names is a command read here: none is left out of the check unseen.
    expect(commands.length).toBe(samples.reduce((sum, {text}) => sum + curlMentions(text), 0));
    expect(commands.length).toBeGreaterThan(90);
    expect(commands.filter(({words}) => !words.includes('--max-time')).map(({where}) => where)).toEqual([]);
  });

  it('of the Try-it explorer hold no token typed into its form: they read the key from the environment', () => {
    expect(tryItCopies.length).toBe(model.operations.length);
    expect(tryItCopies.filter(({text}) => text.includes(TYPED_TOKEN)).map(({where}) => where)).toEqual([]);
    expect(tryItCopies.filter(({text}) => !text.includes('"$KESTREL_API_KEY"')).map(({where}) => where)).toEqual([]);
  });

  it('hand no secret to a program in its arguments', () => {
    const exposed = samples.flatMap(({where, text, offset = 0}) =>
      secretArguments(text).map(
        ({line, program, variable}) => `${where} line ${offset + line}: ${program} gets $${variable}`,
      ),
    );
    expect(exposed).toEqual([]);
  });
});

describe('the reader of secrets in arguments', () => {
  it.each([
    ['curl https://x -H "Authorization: Bearer $KESTREL_API_KEY"', 'curl'],
    ['curl -u "$KESTREL_CLIENT_ID:$KESTREL_CLIENT_SECRET" https://x', 'curl'],
    ['auth="Authorization: Bearer ${KESTREL_API_KEY:-x}"\ncurl -H "$auth" https://x', 'curl'],
    ['v1="$(printf %s "$body" | openssl dgst -sha256 -hmac "$secret")"', 'openssl'],
    ['curl --data "{\\"secret\\": \\"$secret\\"}" https://x', 'curl'],
    ['x=$(echo ok; node -e "1" "$ACCESS_TOKEN")', 'node'],
    ['curl https://x \\\n  -d grant_type=refresh_token \\\n  -d refresh_token=tGzv3JOkF0XG5Qx2TlKWIA', 'curl'],
    ['curl https://x -d token=tGzv3JOkF0XG5Qx2TlKWIA -d token_type_hint=refresh_token', 'curl'],
    ["curl https://x --data 'client_secret=s3cr3t'", 'curl'],
  ])('finds %s', (script, program) => {
    expect(secretArguments(script).map((s) => s.program)).toEqual([program]);
  });

  it.each([
    `curl https://x --header @<(printf 'Authorization: Bearer %s\\n' "$KESTREL_API_KEY")`,
    `curl https://x --data @<(printf '{"secret": "%s"}' "$secret")`,
    'secret="${KESTREL_WEBHOOK_SECRET:?set it}"\nkey="$(printf %s "$secret" | od -An -tx1)"\nbyte=$((16#${key:0:2}))',
    'KESTREL_WEBHOOK_SECRET="$YOUR_SECRET" ./send-test-delivery.sh http://127.0.0.1:3000/',
    'if ((${#key} > 128)); then key=$(printf %s "$secret" | openssl dgst -sha256); fi',
    `curl https://x -d grant_type=refresh_token --data-urlencode refresh_token@<(printf %s "$REFRESH_TOKEN")`,
    'curl https://x -d token_type_hint=refresh_token',
  ])('lets %s pass', (script) => {
    expect(secretArguments(script)).toEqual([]);
  });
});
