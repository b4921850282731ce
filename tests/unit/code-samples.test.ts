/**
 * The build-time code samples (plugins/api-reference/code-samples.ts) that operation pages show: eight
 * languages per operation, each sending the documented example request, and each safe to paste:
 * the API key read from the environment, never written in; where the operation takes an
 * Idempotency-Key, a new one made on every run (a fixed key replays the first answer, or answers
 * 409 IDEMPOTENCY_KEY_REUSED to another body); a 10-second timeout; no redirect followed. The
 * bundle step writes them on every build, so they cannot fall out of date; this checks what they
 * say. code-samples-compile.test.ts compiles them, code-samples-run.test.ts runs them.
 */
import {describe, expect, it} from 'vitest';
import {addCodeSamples, exampleRequest} from '../../plugins/api-reference/code-samples.ts';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {API_KEY_VARIABLE, TIMEOUT_SECONDS} from '../../snippets/settings.ts';
import {CODE_SAMPLE_LANGUAGES} from '../../config/code-sample-languages';
import {buildDefinition} from '../../definition/index.ts';
import {loadBundledDefinition} from './openapi-definition';
import {ROOT, parseCurl, shellCommands} from './guide-http';

// The samples as the bundle holds them, read back through the model.
const definition = structuredClone(loadBundledDefinition());
await addCodeSamples(definition);
const model = buildDefinition(definition);
const operations = model.operations.map((operation) => ({
  slug: operation.slug,
  method: operation.method,
  pathTemplate: operation.path,
  operation,
}));

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const UUID_ALL = new RegExp(UUID.source, 'gi');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `text` as a pattern that allows any run of spaces where it has one. */
const loose = (text: string) => new RegExp(escape(text).replace(/ +/g, '\\s*'));

interface LanguageRules {
  /** How the sample reads the API key from the environment. */
  apiKey: RegExp;
  /** How it sets a new Idempotency-Key, made on every run. */
  newKey: RegExp[];
  timeout: RegExp;
  /** What keeps it from following a redirect. */
  noRedirect: RegExp;
  /** What would make it follow one. */
  follows?: RegExp;
}

const T = TIMEOUT_SECONDS;
const RULES: Record<string, LanguageRules> = {
  curl: {
    apiKey: loose(`--header @<(printf 'Authorization: Bearer %s\\n' "$KESTREL_API_KEY")`),
    newKey: [
      /^IDEMPOTENCY_KEY=\$\(uuidgen 2>\/dev\/null \|\| cat \/proc\/sys\/kernel\/random\/uuid\)$/m,
      loose('--header "Idempotency-Key: $IDEMPOTENCY_KEY"'),
    ],
    timeout: new RegExp(`--max-time ${T}\\s*$`),
    noRedirect: /^(?![\s\S]*(?:\s-L\b|--location))/,
    follows: /\s(-L|--location(-trusted)?)\b/,
  },
  nodejs: {
    apiKey: loose('"Authorization": `Bearer ${process.env.KESTREL_API_KEY}`'),
    newKey: [/^import \{randomUUID\} from "node:crypto";$/m, loose('"Idempotency-Key": randomUUID(),')],
    timeout: loose(`signal: AbortSignal.timeout(${T}_000)`),
    noRedirect: loose('redirect: "manual"'),
    follows: /redirect: "follow"/,
  },
  python: {
    apiKey: loose(`"Authorization": f"Bearer {os.environ['KESTREL_API_KEY']}"`),
    newKey: [/^import uuid$/m, loose('"Idempotency-Key": str(uuid.uuid4()),')],
    timeout: loose(`timeout=${T},`),
    noRedirect: loose('allow_redirects=False'),
  },
  go: {
    apiKey: loose('req.Header.Set("Authorization", "Bearer "+os.Getenv("KESTREL_API_KEY"))'),
    newKey: [
      loose('if _, err := rand.Read(key); err != nil {'),
      loose('req.Header.Set("Idempotency-Key", hex.EncodeToString(key))'),
    ],
    timeout: loose(`Timeout: ${T} * time.Second,`),
    noRedirect: loose('CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },'),
  },
  java: {
    apiKey: loose('.header("Authorization", "Bearer " + System.getenv("KESTREL_API_KEY"))'),
    newKey: [loose('.header("Idempotency-Key", UUID.randomUUID().toString())')],
    timeout: loose(`.timeout(Duration.ofSeconds(${T}))`),
    noRedirect: loose('.followRedirects(HttpClient.Redirect.NEVER)'),
  },
  php: {
    apiKey: loose(`'Authorization: Bearer ' . getenv('KESTREL_API_KEY'),`),
    newKey: [loose(`'Idempotency-Key: ' . bin2hex(random_bytes(16)),`)],
    timeout: loose(`CURLOPT_TIMEOUT => ${T},`),
    noRedirect: loose('CURLOPT_FOLLOWLOCATION => false,'),
  },
  ruby: {
    apiKey: loose('request["Authorization"] = "Bearer #{ENV.fetch("KESTREL_API_KEY")}"'),
    newKey: [/^require "securerandom"$/m, loose('request["Idempotency-Key"] = SecureRandom.uuid')],
    timeout: loose(`open_timeout: ${T}, read_timeout: ${T}, write_timeout: ${T}`),
    // Net::HTTP has no redirect option: one request, sent once, answers as it comes.
    noRedirect: /^ {2}http\.request\(request\)$/m,
  },
  csharp: {
    apiKey: loose(
      'request.Headers.Add("Authorization", "Bearer " + Environment.GetEnvironmentVariable("KESTREL_API_KEY"));',
    ),
    newKey: [loose('request.Headers.Add("Idempotency-Key", Guid.NewGuid().ToString());')],
    timeout: loose(`Timeout = TimeSpan.FromSeconds(${T}),`),
    noRedirect: loose('new HttpClientHandler { AllowAutoRedirect = false }'),
  },
};

describe('build-time code samples', () => {
  it('are described on the API introduction as they are: the key variable, a new key per run, the timeout', () => {
    const intro = readFileSync(path.join(ROOT, 'api/introduction.mdx'), 'utf8').replace(/\s+/g, ' ');
    expect(intro).toContain(
      `Each code sample reads your key from the environment variable \`${API_KEY_VARIABLE}\`, makes a new \`Idempotency-Key\` every time it runs, gives up after ${TIMEOUT_SECONDS} seconds and does not follow redirects.`,
    );
  });

  it('cover every operation, 16 of which take an Idempotency-Key, in every language of the tabs', () => {
    expect(operations.filter(({operation}) => exampleRequest(model, operation).idempotent)).toHaveLength(16);
    expect(Object.keys(RULES)).toEqual(CODE_SAMPLE_LANGUAGES.map((l) => l.key));
  });

  describe.each(operations)('$method $pathTemplate', ({method, operation}) => {
    const request = exampleRequest(model, operation);
    const samples = operation.codeSamples;
    const idempotencyExample = operation.parameters.header.find((p) => p.name === 'Idempotency-Key')?.example;

    it('has one sample per language, in the order of the tabs', () => {
      expect(samples.map((s) => s.lang)).toEqual(CODE_SAMPLE_LANGUAGES.map((l) => l.codeSampleLanguage));
    });

    it.each(CODE_SAMPLE_LANGUAGES.map((l, i) => [l.key, i] as const))(
      '%s: sends the documented example with the key from the environment, a new Idempotency-Key per run where the operation takes one, a timeout and no redirect followed',
      (key, i) => {
        const source = samples[i]!.source;
        const rules = RULES[key]!;
        expect(request.url).toMatch(/^https:\/\/api\.sandbox\.kestrel\.example\/v1\//);
        expect(source).toContain(request.url);
        for (const [name, value] of request.headers) expect(source, `header ${name}`).toContain(value);
        expect(source).toMatch(rules.apiKey);
        expect(source).not.toMatch(/Bearer <|sk_(sandbox|live)_/);
        // No UUID but the example ids of the URL and the body: above all, not the Idempotency-Key's example.
        const exampleIds = new Set(`${request.url} ${JSON.stringify(request.body)}`.match(UUID_ALL) ?? []);
        expect((source.match(UUID_ALL) ?? []).filter((id) => !exampleIds.has(id))).toEqual([]);
        if (idempotencyExample !== undefined) expect(source).not.toContain(String(idempotencyExample));
        if (request.idempotent) {
          expect(idempotencyExample).toMatch(UUID);
          for (const pattern of rules.newKey) expect(source).toMatch(pattern);
        } else {
          expect(source).not.toMatch(/idempotency/i);
        }
        expect(source).toMatch(rules.timeout);
        expect(source).toMatch(rules.noRedirect);
        if (rules.follows) expect(source).not.toMatch(rules.follows);
      },
    );

    it('the curl sample, read as the shell reads it, sends the method, the URL and the example body', () => {
      const commands = shellCommands(samples[0]!.source);
      const curl = commands.find((words) => words[0] === 'curl')!;
      const sent = parseCurl(curl, 1);
      expect(sent.method).toBe(method);
      expect(`https://${sent.host}${sent.target}`).toBe(request.url);
      expect(sent.headers.get('authorization')).toBe('Bearer $KESTREL_API_KEY');
      if (request.idempotent) {
        // The key line first (split at its ||), then curl, which sends that key.
        expect(commands.slice(0, 2)).toEqual([
          ['IDEMPOTENCY_KEY=$(uuidgen', '2>/dev/null'],
          ['cat', '/proc/sys/kernel/random/uuid)'],
        ]);
        expect(commands).toHaveLength(3);
        expect(sent.headers.get('idempotency-key')).toBe('$IDEMPOTENCY_KEY');
      } else {
        expect(commands).toHaveLength(1);
      }
      if (request.body === undefined) expect(sent.rawBody).toBe('');
      else expect(sent.body).toEqual(request.body);
    });
  });
});
