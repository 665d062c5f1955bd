// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../../src/shared/errors';
import { PANEL_EVENT_NAMES } from '../../src/shared/event-names';

const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');

/** The cells of every table row in the README, trimmed. */
const rows = readme
  .split('\n')
  .filter((line) => line.startsWith('|'))
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );

describe('README', () => {
  it.each(Object.entries(ERROR_CATALOGUE))(
    'lists %s with its type and message',
    (code, { type, message }) => {
      const row = rows.find((cells) => cells[0] === `\`${code}\``);
      expect(row, `no README row for ${code}`).toBeDefined();
      expect(row?.[1]).toBe(type);
      expect(row?.[2]).toContain(message);
    },
  );

  it.each(PANEL_EVENT_NAMES)('documents the %s event', (name) => {
    expect(rows.some((cells) => cells[0] === `\`${name}\``)).toBe(true);
  });
});
