/**
 * scripts/build-site.mjs builds in two processes with two switches of @docusaurus/core that are
 * not documented. The script checks after each step that the switch did its job; this test fails
 * first, on an update of @docusaurus/core that renames a switch or moves the files the script
 * looks for.
 */
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const require = createRequire(import.meta.url);
const core = path.dirname(require.resolve('@docusaurus/core/package.json'));
const read = (file: string) => readFileSync(path.join(core, 'lib', file), 'utf8');

describe("@docusaurus/core's build, as scripts/build-site.mjs drives it", () => {
  const buildLocale = read('commands/build/buildLocale.js');

  it('stops after bundling on DOCUSAURUS_EXIT_AFTER_BUNDLING=true, before SSG', () => {
    expect(buildLocale).toContain("process.env.DOCUSAURUS_EXIT_AFTER_BUNDLING === 'true'");
    const exit = buildLocale.indexOf('if (ExitAfterBundling)');
    expect(exit).toBeGreaterThan(buildLocale.indexOf('bundler_1.compile)('));
    expect(exit).toBeLessThan(buildLocale.indexOf('executeSSG)('));
  });

  it('on DOCUSAURUS_SKIP_BUNDLING=true, neither clears the output folder nor bundles, and renders the pages', () => {
    expect(buildLocale).toContain("process.env.DOCUSAURUS_SKIP_BUNDLING === 'true'");
    expect(buildLocale).toContain('SkipBundling ? undefined : (0, clearPath_1.default)(outDir)');
    expect(buildLocale).toMatch(/if \(SkipBundling\) \{[^}]*\}\s*else \{[\s\S]*?bundler_1\.compile\)\(/);
    expect(buildLocale.indexOf('executeSSG)(')).toBeGreaterThan(buildLocale.indexOf('if (ExitAfterBundling)'));
  });

  it('puts the server bundle and the client manifest where the script checks for them', () => {
    expect(read('webpack/server.js')).toContain("path_1.default.join(props.outDir, '__server')");
    expect(read('webpack/server.js')).toContain("const outputFilename = 'server.bundle.js'");
    expect(read('webpack/client.js')).toContain("path_1.default.join(generatedFilesDir, 'client-manifest.json')");
  });

  it('is what `npm run build` runs after gen-api', () => {
    const pkg = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8'));
    expect(pkg.scripts.build).toBe('npm run gen-api && node scripts/build-site.mjs');
  });
});
