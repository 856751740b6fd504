/**
 * What the docs name must exist: the files and folders of this repository they mention in code spans
 * (`src/rpc/backend.ts`, `execution/fork/`, `records.ts`), the targets of their relative links and the
 * headings their anchors point at; and the docs pages (with anchors) that code comments, help texts and
 * tests cite. test/docs/docReferences.test.ts runs it over the repository, so renaming a file or a
 * heading without fixing the docs fails `npm test`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

export const REPOSITORY = resolve(new URL('../..', import.meta.url).pathname);

/** Folders a path in the docs may start from, besides the page's own folder. */
const ROOTS = ['', 'src', 'web'];
/** First segments of a path that is meant as a file of this repository (anything else, e.g. `viem/accounts`, is not checked). */
const LOCAL_TOP_LEVEL = new Set(['src', 'test', 'scripts', 'bench', 'web', 'docs', 'bin', '.ci']);
/** Build output and vendored or generated trees: named in the docs, not kept in the repository. */
const NOT_CHECKED = [/^dist\//, /node_modules/, /(^|\/)\.sequin/];

/** Markdown pages the check covers: the root's pages, docs/ (not the vendored spec), and the READMEs of the source trees. */
export function documentationPages(): string[] {
  const pages = readdirSync(REPOSITORY)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(REPOSITORY, name));
  const walk = (directory: string, keep: (path: string) => boolean): string[] =>
    readdirSync(directory).flatMap((name) => {
      const path = join(directory, name);
      if (name === 'node_modules' || name.startsWith('.') || path.includes('/test/conformance/execution-apis')) return [];
      return statSync(path).isDirectory() ? walk(path, keep) : keep(path) ? [path] : [];
    });
  pages.push(...walk(join(REPOSITORY, 'docs'), (path) => path.endsWith('.md') && !path.includes('/docs/spec/')));
  for (const tree of ['src', 'web', 'bench', 'test', 'scripts']) {
    if (existsSync(join(REPOSITORY, tree))) pages.push(...walk(join(REPOSITORY, tree), (path) => basename(path) === 'README.md'));
  }
  return pages;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a page offers: its headings (GitHub numbers repeats -1, -2, …) and its explicit `<a id="…">`. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(markdown)) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      const anchor = anchorOf(heading[1]!);
      const count = seen.get(anchor) ?? 0;
      anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
      seen.set(anchor, count + 1);
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  }
  return anchors;
}

/** The page's lines outside fenced code blocks (where links and code spans mean what they say). */
function withoutFences(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (line.trimStart().startsWith('```')) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** Whether `path` (relative to the repository) names a file or folder that exists, with `anchor` in it if given. */
function problemWithTarget(target: string, anchor: string | undefined): string | undefined {
  if (!existsSync(target)) return 'does not exist';
  if (anchor === undefined || anchor === '') return undefined;
  if (!target.endsWith('.md')) return undefined;
  return anchorsOf(readFileSync(target, 'utf8')).has(anchor) ? undefined : `has no heading or anchor #${anchor}`;
}

const names = new Set<string>();
/**
 * Whether a file `name.ts` or a folder `name/` exists anywhere in the source trees: bare names in
 * a page (a layer's `records.ts`, the rpc layer's `server/`) are relative to a folder the page is about.
 */
function existsAnywhere(name: string): boolean {
  if (name.replace(/\/$/, '').includes('/')) return false;
  if (names.size === 0) {
    const walk = (directory: string): void => {
      for (const entry of readdirSync(directory)) {
        if (entry === 'node_modules' || entry.startsWith('.') || entry === 'dist') continue;
        const path = join(directory, entry);
        if (statSync(path).isDirectory()) {
          names.add(`${entry}/`);
          walk(path);
        } else names.add(entry);
      }
    };
    for (const tree of ['src', 'web', 'test', 'scripts', 'bench', 'bin']) if (existsSync(join(REPOSITORY, tree))) walk(join(REPOSITORY, tree));
  }
  return names.has(name);
}

/** A code span that names a file or folder of this repository (relative to `directory`, the repository, src/ or web/), or undefined for any other code. */
function pathOfCodeSpan(span: string, directory: string): string | undefined {
  if (!/^[\w.@-]+(\/[\w.@*-]+)*\/?$/.test(span) || /^\d/.test(span)) return undefined;
  if (NOT_CHECKED.some((pattern) => pattern.test(span))) return undefined;
  const segments = span.split('/');
  // Placeholders such as DIR/state.json are not paths.
  if (segments.some((segment) => /^[A-Z_]{2,}$/.test(segment))) return undefined;
  const first = segments[0]!;
  if (segments.length === 1) return /\.ts$/.test(span) ? span : undefined;
  if (segments.length === 2 && segments[1] === '') return span;
  const isLocal = LOCAL_TOP_LEVEL.has(first) || [directory, ...ROOTS.map((root) => join(REPOSITORY, root))].some((base) => existsSync(join(base, first)));
  return isLocal ? span : undefined;
}

/** Everything `page` (a Markdown file in the repository) names that does not exist, one line each. */
export function brokenReferencesOf(page: string, markdown = readFileSync(page, 'utf8')): string[] {
  const where = relative(REPOSITORY, page);
  const directory = dirname(page);
  const problems: string[] = [];
  for (const line of withoutFences(markdown)) {
    for (const link of line.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const href = link[1]!;
      if (/^[a-z]+:/i.test(href)) continue;
      const [file, anchor] = href.split('#') as [string, string | undefined];
      const target = file === '' ? page : resolve(directory, decodeURIComponent(file));
      const problem = problemWithTarget(target, anchor);
      if (problem) problems.push(`${where}: link ${href} ${problem}`);
    }
    for (const span of line.matchAll(/`([^`\n]+)`/g)) {
      const path = pathOfCodeSpan(span[1]!, directory);
      if (path === undefined) continue;
      const wildcard = path.indexOf('*');
      const checked = wildcard === -1 ? path : path.slice(0, path.lastIndexOf('/', wildcard) + 1);
      if (checked === '') continue;
      // A module may be named without its extension (`txpool/PoolJournal`).
      const candidates = checked.endsWith('/') || /\.\w+$/.test(checked) ? [checked] : [checked, `${checked}.ts`];
      const bases = [directory, ...ROOTS.map((root) => join(REPOSITORY, root))];
      const found = candidates.some((candidate) => bases.some((base) => existsSync(join(base, candidate))) || existsAnywhere(candidate));
      if (!found) problems.push(`${where}: names \`${path}\`, which does not exist`);
    }
  }
  return problems;
}

/** Source files whose comments, help texts and messages may cite the docs. */
export function sourceFiles(): string[] {
  const walk = (directory: string): string[] =>
    readdirSync(directory).flatMap((name) => {
      const path = join(directory, name);
      // test/docs/ holds this check and its tests, whose examples cite missing pages on purpose.
      if (
        name === 'node_modules' ||
        name.startsWith('.') ||
        path.includes('/test/conformance/execution-apis') ||
        path.includes('/test/tools/hardhat') ||
        path.endsWith('/test/docs')
      )
        return [];
      return statSync(path).isDirectory() ? walk(path) : /\.(ts|js|cjs|mjs)$/.test(name) ? [path] : [];
    });
  return ['src', 'web', 'test', 'scripts', 'bench', 'bin'].filter((tree) => existsSync(join(REPOSITORY, tree))).flatMap((tree) => walk(join(REPOSITORY, tree)));
}

/** The docs pages (and anchors) `file`'s text cites (`docs/guides/forking.md#re-forking`, `README.md#…`) that do not exist. */
export function brokenDocCitationsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const where = relative(REPOSITORY, file);
  const problems: string[] = [];
  for (const match of text.matchAll(/\b((?:docs\/[\w./-]+\.md|README\.md|CONTRIBUTING\.md)(?:#[\w-]+)?)/g)) {
    const [path, anchor] = match[1]!.split('#') as [string, string | undefined];
    const problem = problemWithTarget(join(REPOSITORY, path), anchor);
    if (problem) problems.push(`${where}: cites ${match[1]}, which ${problem}`);
  }
  return problems;
}
