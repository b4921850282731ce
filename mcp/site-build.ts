/**
 * What the server reads from a production build: the Markdown twins (`build/**.md`, one per page,
 * `config/twin-path.ts`) and, for `#anchor`, the ids of the page's HTML. Without a build
 * nothing can be read: `missingBuild` says, in one line, which command makes one. Nothing outside
 * the build folder is ever read: a route's file is followed to its real path (through `..` and
 * symbolic links) and must lie inside the folder.
 */
import {existsSync, readdirSync, readFileSync, realpathSync, statSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {twinPath} from '../config/twin-path.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_BUILD_DIR = path.join(ROOT, 'build');

/** One line naming the command that makes a build, or null when `dir` holds one. */
export function missingBuild(dir: string): string | null {
  const hasIndex = existsSync(dir) && readdirSync(dir).some((f) => /^search-index-.+\.json$/.test(f));
  if (hasIndex && existsSync(path.join(dir, 'llms.txt'))) return null;
  return `kestrel-mcp: no site build in ${dir}; run \`npm run build\` in ${ROOT} first (about 2 minutes), then start the server again.`;
}

/** The route of a twin file: `api/issue-invoice.md` -> `/api/issue-invoice`; `index.md` -> `/`. */
function routeOfTwin(relative: string): string {
  const route = `/${relative.replace(/\\/g, '/').replace(/\.md$/, '')}`;
  return route === '/index' ? '/' : route;
}

export class SiteBuild {
  readonly dir: string;
  private twins?: Map<string, string>;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** Every page's route (without trailing slash, `/` for the root) -> its twin file. */
  pages(): Map<string, string> {
    if (this.twins) return this.twins;
    const twins = new Map<string, string>();
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, {withFileTypes: true})) {
        const file = path.join(folder, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'assets' && entry.name !== 'img') walk(file);
        } else if (entry.isFile() && entry.name.endsWith('.md')) {
          twins.set(routeOfTwin(path.relative(this.dir, file)), file);
        }
      }
    };
    walk(this.dir);
    this.twins = twins;
    return twins;
  }

  /** The real path of `file` when it is a file inside the build folder (not a sibling folder sharing its name's start). */
  private inside(file: string): string | undefined {
    try {
      const real = realpathSync(file);
      return real.startsWith(`${realpathSync(this.dir)}${path.sep}`) && statSync(real).isFile() ? real : undefined;
    } catch {
      return undefined;
    }
  }

  /** The twin file of a route as a reader writes it (`/rate-limits/`, `/api/issue-invoice.md`), if the build has one. */
  twinFile(route: string): string | undefined {
    return this.inside(path.join(this.dir, twinPath(route.replace(/\.md$/, ''))));
  }

  /** The page's HTML, for its ids (`#anchor`); undefined for a page without one. */
  html(route: string): string | undefined {
    const bare = route.replace(/\.md$/, '').replace(/\/+$/, '');
    const file = this.inside(path.join(this.dir, bare, 'index.html'));
    return file && readFileSync(file, 'utf8');
  }
}
