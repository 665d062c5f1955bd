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

/**
 * The anchor GitHub gives a heading: its text without Markdown, lower case, without punctuation
 * other than `-` and `_`, spaces as `-`; a repeated anchor gets `-1`, `-2`…
 */
function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const plain = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[`*]/g, '');
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
