// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../../src/shared/errors';
import { PANEL_EVENT_NAMES } from '../../src/shared/event-names';

const ROOT = resolve(import.meta.dirname, '../..');

function read(path: string): string {
  return readFileSync(resolve(ROOT, path), 'utf8');
}

/** The text between `<!-- generated:name -->` and `<!-- /generated:name -->`, which must appear once. */
function generatedBlock(text: string, name: string): string {
  const parts = text.split(`<!-- generated:${name} -->`);
  expect(parts.length, `one <!-- generated:${name} --> marker`).toBe(2);
  const [inside, ...after] = (parts[1] ?? '').split(`<!-- /generated:${name} -->`);
  expect(after.length, `one <!-- /generated:${name} --> marker`).toBe(1);
  return inside ?? '';
}

/** The cells of every table row in a piece of Markdown, trimmed. */
function rows(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe('docs/errors.md', () => {
  const catalogue = rows(generatedBlock(read('docs/errors.md'), 'errors'));

  it.each(Object.entries(ERROR_CATALOGUE))(
    'lists %s with its type and message',
    (code, { type, message }) => {
      const row = catalogue.find((cells) => cells[0] === `\`${code}\``);
      expect(row, `no row for ${code} in the catalogue of docs/errors.md`).toBeDefined();
      expect(row?.[1]).toBe(type);
      expect(row?.[2]).toContain(message);
    },
  );

  it('lists no code the catalogue does not have', () => {
    const codes = catalogue.slice(2).map((cells) => cells[0]?.replace(/`/g, ''));
    expect(codes.filter((code) => code === undefined || !Object.hasOwn(ERROR_CATALOGUE, code))).toEqual([]);
  });
});

describe('docs/element.md', () => {
  const events = rows(generatedBlock(read('docs/element.md'), 'events'));

  it.each(PANEL_EVENT_NAMES)('documents the %s event', (name) => {
    expect(events.some((cells) => cells[0] === `\`${name}\``)).toBe(true);
  });
});

describe('generated tables', () => {
  const pages: Record<string, string[]> = {
    'docs/element.md': ['attributes', 'methods', 'events'],
    'docs/styling.md': ['css-parts', 'css-properties'],
    'docs/errors.md': ['errors'],
  };
  const all = Object.values(pages).flat();

  it.each(Object.entries(pages))('%s holds its generated tables, each with a table inside', (page, names) => {
    const text = read(page);
    for (const name of names) expect(rows(generatedBlock(text, name)).length, name).toBeGreaterThan(2);
  });

  const markdown = [
    'README.md',
    ...readdirSync(resolve(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.md'))
      .map((path) => `docs/${path.replace(/\\/g, '/')}`),
  ];

  it.each(markdown)('%s holds no generated table of another page', (page) => {
    const text = read(page);
    const own = pages[page] ?? [];
    for (const name of all.filter((n) => !own.includes(n))) {
      expect(text.includes(`<!-- generated:${name} -->`), `${name} in ${page}`).toBe(false);
      expect(text.includes(`<!-- /generated:${name} -->`), `/${name} in ${page}`).toBe(false);
    }
  });
});
