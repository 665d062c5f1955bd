// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** README.md and every Markdown file under docs/, relative to the repository. */
function markdownFiles(): string[] {
  const docs = readdirSync(resolve(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .map((path) => `docs/${path.replace(/\\/g, '/')}`);
  return ['README.md', ...docs.sort()];
}

/** The lines of a Markdown text outside fenced code blocks. */
function proseLines(text: string): string[] {
  const lines: string[] = [];
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === null) fence = marker[0] ?? null;
      else if (marker.startsWith(fence)) fence = null;
      continue;
    }
    if (fence === null) lines.push(line);
  }
  return lines;
}

/** A heading's text as it reads: without links, tags, code marks or emphasis. */
function plainHeading(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '');
}

/** The text of every heading of a Markdown text, as it reads ({@link plainHeading}). */
function headingTexts(text: string): string[] {
  return proseLines(text).flatMap((line) => {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    return heading === undefined ? [] : [plainHeading(heading)];
  });
}

/**
 * The anchor GitHub gives a heading: its text without Markdown, lower case, without punctuation
 * other than `-` and `_`, spaces as `-`; a repeated anchor gets `-1`, `-2`…
 */
function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const plain of headingTexts(text)) {
    const base = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Every link target of a Markdown text: inline links and images, outside code. */
function linkTargets(text: string): string[] {
  const targets: string[] = [];
  for (const line of proseLines(text)) {
    const prose = line.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      if (match[1] !== undefined) targets.push(match[1]);
    }
  }
  return targets;
}

/** Whether a link target leaves the repository (a scheme such as `https:` or `mailto:`). */
function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target);
}

/** A place in a source file that names a page of docs/, and what it says of the page. */
interface DocPointer {
  /** The page, from the repository's root: `docs/x.md`. */
  page: string;
  /** A link's `#fragment`, when it has one. */
  fragment?: string;
  /** The headings it names: `(docs/x.md, "Section")`, `(docs/x.md, "A"; its part: "B")`. */
  sections: string[];
  /** Set when it names a section without quoting it (`(docs/x.md, the section)`), which nothing can check. */
  unquoted?: string;
}

/**
 * The pointers into docs/ of a source file: every `docs/….md` but those that start a string or a
 * code span (a test's made-up path, an example), read across the comment's line breaks. The sections are the quoted
 * texts after `docs/x.md, ` or `docs/x.md (`, up to the closing parenthesis, the comment's end
 * or the next page.
 */
function docPointers(source: string): DocPointer[] {
  const text = source.replace(/[ \t]*\r?\n[ \t]*(?:\*(?!\/)|\/\/)?[ \t]*/g, ' ');
  const pointers: DocPointer[] = [];
  for (const match of text.matchAll(/(?<![\w/.'"`-])(docs\/[\w/-]+\.md)(?:#([\w-]*))?/g)) {
    const [whole, page = '', fragment] = match;
    const after = text.slice(match.index + whole.length, match.index + whole.length + 300);
    let span = '';
    let quoted = false;
    for (const char of after) {
      if (char === '"') quoted = !quoted;
      if (char === ')' && !quoted) break;
      span += char;
    }
    span = span.split(/\*\/|-->|docs\//)[0] ?? '';
    const pointer: DocPointer = { page, sections: [] };
    if (fragment !== undefined) pointer.fragment = fragment;
    if (/^(?:,\s*| \()"/.test(span)) {
      pointer.sections = [...span.matchAll(/"([^"]+)"/g)].map((quote) => quote[1] ?? '');
    } else if (/^,\s*\w/.test(span)) {
      pointer.unquoted = span.slice(1).trim().split(/[;)]/)[0] ?? '';
    }
    pointers.push(pointer);
  }
  return pointers;
}

/** What is wrong with a pointer: a page, heading or fragment that does not exist, an unquoted section. */
function brokenPointer(pointer: DocPointer): string | null {
  const path = resolve(ROOT, pointer.page);
  if (!existsSync(path)) return `${pointer.page}: no such page`;
  const page = readFileSync(path, 'utf8');
  const headings = new Set(headingTexts(page));
  for (const section of pointer.sections) {
    if (!headings.has(plainHeading(section))) return `${pointer.page}, "${section}": no such heading`;
  }
  if (pointer.fragment !== undefined && !headingAnchors(page).has(pointer.fragment)) {
    return `${pointer.page}#${pointer.fragment}: no such heading`;
  }
  if (pointer.unquoted !== undefined) {
    return `${pointer.page}, ${pointer.unquoted}: name the section as it is written, in quotes`;
  }
  return null;
}

/** The folders whose files may point into docs/; the configuration files at the root may too. */
const SOURCE_FOLDERS = ['src', 'frames', 'build', 'demo', 'sandbox', 'server', 'tests'];
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|css|html)$/;

/** The source files, relative to the repository: code, stylesheets and pages, no dependencies. */
function sourceFiles(): string[] {
  const inFolders = SOURCE_FOLDERS.flatMap((folder) =>
    readdirSync(resolve(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .map((path) => `${folder}/${path.replace(/\\/g, '/')}`)
      .filter((path) => SOURCE_FILE.test(path) && !path.includes('node_modules/')),
  );
  const atRoot = readdirSync(ROOT).filter((name) => SOURCE_FILE.test(name));
  // This file's examples are broken on purpose.
  const self = relative(ROOT, import.meta.filename).replace(/\\/g, '/');
  return [...atRoot, ...inFolders].filter((path) => path !== self).sort();
}

const files = markdownFiles();

describe('headingAnchors', () => {
  it('follows GitHub: code, punctuation and repeats', () => {
    const anchors = headingAnchors(
      [
        '# Title',
        '## `paymentPanel.createThreeDSecure()`: 3D Secure on its own',
        "### The frame pages' own policies",
        '## With `data-collector`',
        '## Options',
        '## Options',
        '```sh',
        '# not a heading',
        '```',
      ].join('\n'),
    );
    expect([...anchors]).toEqual([
      'title',
      'paymentpanelcreatethreedsecure-3d-secure-on-its-own',
      'the-frame-pages-own-policies',
      'with-data-collector',
      'options',
      'options-1',
    ]);
  });
});

describe('relative links in README.md and docs/', () => {
  it('finds the documentation', () => {
    expect(files).toContain('docs/README.md');
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files)('%s links only to files and headings that exist', (file) => {
    const text = readFileSync(resolve(ROOT, file), 'utf8');
    const broken: string[] = [];
    for (const target of linkTargets(text)) {
      if (isExternal(target)) continue;
      const [pathPart = '', fragment] = target.split('#', 2);
      const path = pathPart === '' ? resolve(ROOT, file) : resolve(ROOT, dirname(file), decodeURI(pathPart));
      if (!path.startsWith(ROOT) || !existsSync(path)) {
        broken.push(`${target}: no file ${relative(ROOT, path)}`);
        continue;
      }
      if (fragment === undefined || fragment === '') continue;
      if (!statSync(path).isFile() || !path.endsWith('.md')) {
        broken.push(`${target}: a fragment of a file that is not Markdown`);
        continue;
      }
      if (!headingAnchors(readFileSync(path, 'utf8')).has(decodeURIComponent(fragment))) {
        broken.push(`${target}: no heading #${fragment} in ${relative(ROOT, path)}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('docPointers', () => {
  it('reads a pointer across the comment’s lines, with every section it names', () => {
    const source = [
      '/**',
      ' * The client (docs/protocol.md, "Requests"; its lifetime: "The configuration call"), and',
      ' * the readers (docs/architecture.md,',
      ' * "Reading what comes in"). See docs/browsers.md ("Stylesheets") and docs/element.md#events.',
      ' */',
      "// A test's own path: 'docs/guide/element.md'.",
      'const text = "unrelated";',
    ].join('\n');
    expect(docPointers(source)).toEqual([
      { page: 'docs/protocol.md', sections: ['Requests', 'The configuration call'] },
      { page: 'docs/architecture.md', sections: ['Reading what comes in'] },
      { page: 'docs/browsers.md', sections: ['Stylesheets'] },
      { page: 'docs/element.md', fragment: 'events', sections: [] },
    ]);
  });

  it('tells a section named without quotes', () => {
    expect(
      docPointers('// State of a field (docs/hosted-fields.md, the instance; the page adds it).'),
    ).toEqual([{ page: 'docs/hosted-fields.md', sections: [], unquoted: 'the instance' }]);
  });

  it('finds what is broken', () => {
    const broken = (source: string) => docPointers(source).map(brokenPointer);
    expect(broken('(docs/element.md, "The payload")')).toEqual([null]);
    expect(broken('(docs/element.md, "The `payload`")')).toEqual([null]);
    expect(broken('(docs/drop-in.md, "What `create()` does")')).toEqual([null]);
    expect(broken('(docs/architecture.md, "Frame messages")')).toEqual([
      'docs/architecture.md, "Frame messages": no such heading',
    ]);
    expect(broken('(docs/protocol.md, "Requests"; its lifetime: "The configuration")')).toEqual([
      'docs/protocol.md, "The configuration": no such heading',
    ]);
    expect(broken('(docs/nowhere.md, "Anything")')).toEqual(['docs/nowhere.md: no such page']);
    expect(broken('[Events](docs/element.md#event)')).toEqual(['docs/element.md#event: no such heading']);
    expect(broken('(docs/protocol.md, the bank frame)')).toEqual([
      'docs/protocol.md, the bank frame: name the section as it is written, in quotes',
    ]);
  });
});

describe('pointers into docs/ in the sources', () => {
  const sources = sourceFiles();

  it('finds the sources', () => {
    expect(sources).toContain('vite.config.ts');
    expect(sources).toContain('src/index.ts');
    expect(sources).toContain('src/element/styles/host.css');
    expect(sources.filter((file) => file.startsWith('demo/'))).not.toEqual([]);
  });

  it('name pages and headings that exist, sections in quotes', () => {
    const broken = sources.flatMap((file) =>
      docPointers(readFileSync(resolve(ROOT, file), 'utf8')).flatMap((pointer) => {
        const problem = brokenPointer(pointer);
        return problem === null ? [] : [`${file}: ${problem}`];
      }),
    );
    expect(broken).toEqual([]);
  });
});
