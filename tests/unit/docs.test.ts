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
import { DROPIN_OPTIONS } from '../../build/dropin-surface';
import { manifestElement } from '../../build/manifest';
import { createSourceProgram } from '../../build/program';
import { OPTION_ATTRIBUTES } from '../../src/element/options';
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
      'dropin-options': 'docs/drop-in.md',
      'dropin-methods': 'docs/drop-in.md',
      'dropin-events': 'docs/drop-in.md',
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
    const instanceNames = new Map(
      rows(renderBlock('events', sources, 'README.md')).map((cells) => [cells[0], cells[1]]),
    );
    expect(instanceNames.get('`cardFocus`')).toBe('`card:focus`');
    expect(instanceNames.get('`cardBinAvailable`')).toBe('`card:binAvailable`');
    expect(instanceNames.get('`threeDSecureCustomerCanceled`')).toBe('`3ds:customer-canceled`');
    expect(instanceNames.get('`changeActiveView`')).toBe('`changeActiveView`');
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

  it('the drop-in tables cover every create() option, instance method and event, each saying how the panel takes it', () => {
    const verdicts = /^(As in 1\.4x[.:]|\*\*Differs\*\*: |\*\*New\*\*: )/;
    const options = rows(renderBlock('dropin-options', sources, 'docs/drop-in.md'));
    const topLevel = new Set(
      DROPIN_OPTIONS.flatMap((row) => (row.paths ?? [row.option]).map((path) => path.split('.')[0])),
    );
    for (const option of [...Object.keys(OPTION_ATTRIBUTES), 'authorization', 'container', 'selector']) {
      expect(topLevel, option).toContain(option);
    }
    const methods = rows(renderBlock('dropin-methods', sources, 'docs/drop-in.md'));
    expect(methods.map((cells) => cells[0]?.replace(/\(.*$/, '').replace(/`/g, ''))).toEqual(
      expect.arrayContaining([
        'requestPaymentMethod',
        'isPaymentMethodRequestable',
        'getAvailablePaymentOptions',
        'clearSelectedPaymentMethod',
        'updateConfiguration',
        'teardown',
        'on',
        'off',
        'hasListener',
      ]),
    );
    const events = rows(renderBlock('dropin-events', sources, 'docs/drop-in.md'));
    expect(events.map((cells) => cells[0])).toEqual(
      manifestElement(sources.manifest).events.map(
        (event) => `\`${sources.dropinEventNames[event.name] ?? event.name}\``,
      ),
    );
    for (const cells of [...options, ...methods, ...events]) expect(cells[2], cells[0]).toMatch(verdicts);
    // The element's names beside the drop-in's: an attribute, a method, an event.
    const option = (name: string) => options.find((cells) => cells[0] === `\`${name}\``);
    expect(option('threeDSecure')?.[1]).toBe('`three-d-secure`');
    expect(option('card.vault')?.[1]).toBe('`card`, key `vault`');
    expect(option('venmo')?.[1]).toBe('`venmo`');
    expect(option('paypal.buttonStyle')?.[2]).toMatch(/^\*\*Differs\*\*: accepted but not applied/);
    expect(methods.find((cells) => cells[0]?.startsWith('`getAvailablePaymentOptions'))?.[1]).toBe(
      '`getAvailablePaymentOptions()`',
    );
    expect(methods.find((cells) => cells[0]?.startsWith('`hasListener'))?.[1]).toBe('–');
    expect(events.find((cells) => cells[0] === '`card:focus`')?.[1]).toBe('`cardFocus`');
  });

  it(
    'fails when a drop-in row no longer matches the code',
    async () => {
      const surface = await import('../../build/dropin-surface');
      const { checkDropinSurface } = await import('../../build/docs');
      const program = createSourceProgram();
      const options = surface.DROPIN_OPTIONS as unknown as unknown[];
      // An option the panel declares, said to be ignored; one it does not declare, said to be taken.
      for (const row of [
        { option: 'card.vault.vaultCard', ignored: true, verdict: 'differs' },
        { option: 'applePay.applePaySessionVersion', verdict: 'same' },
      ]) {
        options.push(row);
        try {
          expect(() => {
            checkDropinSurface(program, sources);
          }).toThrow(/CreateOptions declares/);
        } finally {
          options.pop();
        }
      }
      const events = surface.DROPIN_EVENTS as unknown as unknown[];
      const removed = events.pop();
      try {
        expect(() => {
          checkDropinSurface(program, sources);
        }).toThrow(/missing 3ds:authentication-modal-close/);
      } finally {
        events.push(removed);
      }
    },
    SLOW,
  );

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
