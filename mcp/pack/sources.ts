/**
 * The server's own modules as plain JavaScript, for its package: Node.js strips types only outside
 * node_modules, so an installed package must not hold TypeScript. Each module keeps its place in
 * the tree (`definition/load.ts` -> `definition/load.js`), because modules find their files beside
 * them (`import.meta.url`); a bundle in one file would move them all to one place. The modules are
 * those the entry reaches in its JavaScript: type-only imports are gone by then, so neither their
 * files nor their packages are packed.
 */
import {readFileSync} from 'node:fs';
import {isBuiltin} from 'node:module';
import path from 'node:path';
import ts from 'typescript';

export interface ServerSources {
  /** Path in the package (`mcp/cli.js`) -> its JavaScript. */
  modules: Map<string, string>;
  /** The packages the modules import (`yaml`, `@modelcontextprotocol/sdk`), sorted. */
  packages: string[];
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2023,
  // `./load.ts` -> `./load.js`, in static and dynamic imports alike.
  rewriteRelativeImportExtensions: true,
};

/** `lodash/kebabCase.js` -> `lodash`; `@scope/name/sub.js` -> `@scope/name`. */
export const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

function javascriptOf(file: string, source: string): string {
  if (!file.endsWith('.ts')) return source;
  const {outputText, diagnostics = []} = ts.transpileModule(source, {
    fileName: file,
    reportDiagnostics: true,
    compilerOptions: COMPILER_OPTIONS,
  });
  if (diagnostics.length > 0)
    throw new Error(`${file}: ${ts.flattenDiagnosticMessageText(diagnostics[0]!.messageText, '\n')}`);
  return outputText;
}

/** Every module `entry` (relative to `root`, such as `mcp/cli.ts`) loads, as JavaScript. */
export function serverSources(root: string, entry: string): ServerSources {
  const modules = new Map<string, string>();
  const packages = new Set<string>();
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const target = file.replace(/\.ts$/, '.js');
    if (modules.has(target)) continue;
    const javascript = javascriptOf(file, readFileSync(path.join(root, file), 'utf8'));
    modules.set(target, javascript);
    for (const {fileName: specifier} of ts.preProcessFile(javascript, true, true).importedFiles) {
      if (/^\.\.?\//.test(specifier)) {
        const imported = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
        // The rewritten `.js` of a TypeScript module, or a JavaScript module (`.mjs`) as it is.
        queue.push(file.endsWith('.ts') && imported.endsWith('.js') ? imported.replace(/\.js$/, '.ts') : imported);
      } else if (!isBuiltin(specifier)) {
        packages.add(packageOf(specifier));
      }
    }
  }
  return {modules, packages: [...packages].sort()};
}
