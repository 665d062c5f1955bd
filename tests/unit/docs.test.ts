// @vitest-environment node
/**
 * The generated tables of README.md and docs/**\/*.md (build/docs.ts) are as `npm run docs` writes
 * them, from the sources: the element's TSDoc through custom-elements.json, and the error catalogue.
 * The generator runs in-process, with no build.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BLOCK_NAMES,
  docsSources,
  generatePages,
  renderBlock,
  replaceBlocks,
  type DocsSources,
  type GeneratedPage,
} from '../../build/docs';
import { manifestElement } from '../../build/manifest';
import { ERROR_CATALOGUE } from '../../src/shared/errors';
import { PANEL_EVENT_NAMES } from '../../src/shared/event-names';

/** Analysing the sources takes seconds on a busy machine. */
const SLOW = 120_000;

let sources: DocsSources;
let pages: GeneratedPage[];

beforeAll(async () => {
  sources = docsSources();
  pages = await generatePages(sources);
}, SLOW);

/** The cells of a Markdown table's rows, trimmed, header and rule left out. */
function rows(table: string): string[][] {
  return table
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe('generated documentation', () => {
  it('every committed page is as `npm run docs` writes it', () => {
    expect(pages.map((page) => page.page)).toEqual(expect.arrayContaining(['README.md', 'docs/element.md']));
    for (const { page, committed, generated } of pages) {
      expect(committed, `${page} differs from what the generator writes: run npm run docs`).toBe(generated);
    }
  });

  it('every table is generated once, on the page that owns it', () => {
    const owners: Record<(typeof BLOCK_NAMES)[number], string> = {
      attributes: 'docs/element.md',
      methods: 'docs/element.md',
      events: 'docs/element.md',
      'css-parts': 'docs/styling.md',
      'css-properties': 'docs/styling.md',
      errors: 'docs/errors.md',
    };
    for (const name of BLOCK_NAMES) {
      const holders = pages.filter(({ committed }) => committed.includes(`<!-- generated:${name} -->`));
      expect(
        holders.map(({ page }) => page),
        `<!-- generated:${name} -->`,
      ).toEqual([owners[name]]);
      const [holder] = holders;
      expect(holder?.committed.split(`<!-- generated:${name} -->`)).toHaveLength(2);
      expect(holder?.committed.split(`<!-- /generated:${name} -->`)).toHaveLength(2);
    }
  });

  it.each(Object.entries(ERROR_CATALOGUE))(
    'the errors table lists %s with its type and message',
    (code, entry) => {
      const row = rows(renderBlock('errors', sources, 'README.md')).find(
        (cells) => cells[0] === `\`${code}\``,
      );
      expect(row, `no row for ${code}`).toBeDefined();
      expect(row?.[1]).toBe(entry.type);
      expect(row?.[2]).toContain(entry.message);
    },
  );

  it('the errors table carries the catalogue notes after their messages', () => {
    const row = rows(renderBlock('errors', sources, 'README.md')).find(
      (cells) => cells[0] === '`THREEDS_UNKNOWN_AUTH_RESPONSE`',
    );
    expect(row?.[2]).toBe("{message} (the authentication response's error message)");
  });

  it.each(PANEL_EVENT_NAMES)('the events table documents %s', (name) => {
    const row = rows(renderBlock('events', sources, 'README.md')).find((cells) => cells[0] === `\`${name}\``);
    expect(row?.[2], name).toBeTruthy();
  });

  it("the events table gives each event's name on the instance of paymentPanel.create()", () => {
    const instanceNames: Record<string, string | undefined> = Object.fromEntries(
      rows(renderBlock('events', sources, 'README.md')).map((cells): [string, string | undefined] => [
        cells[0] ?? '',
        cells[1],
      ]),
    );
    expect(instanceNames['`cardFocus`']).toBe('`card:focus`');
    expect(instanceNames['`cardBinAvailable`']).toBe('`card:binAvailable`');
    expect(instanceNames['`threeDSecureCustomerCanceled`']).toBe('`3ds:customer-canceled`');
    expect(instanceNames['`changeActiveView`']).toBe('`changeActiveView`');
  });

  it('the other tables carry every attribute, method, part and custom property of the manifest, described', () => {
    const element = manifestElement(sources.manifest);
    const firstCells = (name: (typeof BLOCK_NAMES)[number]) =>
      rows(renderBlock(name, sources, 'README.md')).map(([first = '', ...rest]) => {
        expect(rest.join(''), `${name} ${first}`).not.toBe('');
        return first;
      });
    expect(firstCells('attributes')).toEqual(element.attributes.map((attribute) => `\`${attribute.name}\``));
    expect(firstCells('methods').map((cell) => cell.replace(/\(.*$/, ''))).toEqual(
      element.members.filter((member) => member.kind === 'method').map((method) => `\`${method.name}`),
    );
    expect(firstCells('css-properties')).toEqual(
      element.cssProperties.map((property) => `\`${property.name}\``),
    );
    // A part named after a value is listed in the row of the part describing its pattern.
    const parts = rows(renderBlock('css-parts', sources, 'README.md'))
      .map((cells) => cells.join(' '))
      .join('\n');
    for (const part of element.cssParts) expect(parts).toContain(`\`${part.name}\``);
  });

  it('rewrites only what is between the markers, and links for the page they land in', () => {
    const page = [
      'Before.',
      '<!-- generated:methods -->',
      'stale',
      '<!-- /generated:methods -->',
      'After.',
      '',
    ].join('\n');
    const rewritten = replaceBlocks(page, sources, 'docs/guide/element.md');
    expect(rewritten.startsWith('Before.\n<!-- generated:methods -->\n\n| method |')).toBe(true);
    expect(rewritten.endsWith('|\n\n<!-- /generated:methods -->\nAfter.\n')).toBe(true);
    expect(rewritten).not.toContain('stale');
    // The element's TSDoc links docs/three-d-secure.md from the root.
    expect(rewritten).toContain('](../three-d-secure.md)');
    expect(replaceBlocks(page, sources, 'README.md')).toContain('](docs/three-d-secure.md)');
  });

  it('refuses a marker of an unknown table and one left open', () => {
    expect(() =>
      replaceBlocks('<!-- generated:slots -->\n<!-- /generated:slots -->\n', sources, 'x.md'),
    ).toThrow(/no table is generated for <!-- generated:slots -->/);
    expect(() => replaceBlocks('<!-- generated:errors -->\n| old |\n', sources, 'x.md')).toThrow(
      /needs its <!-- \/generated:NAME -->/,
    );
  });
});
