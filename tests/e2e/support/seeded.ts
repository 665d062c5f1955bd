/**
 * A seeded source of random choices for the hostile tests (configuration, messages, the fault matrix's sample): the
 * same seed gives the same cases, so a failing run can be replayed (`PANEL_FUZZ_SEED`).
 * @packageDocumentation
 */
import type { TestType } from '@playwright/test';

/** Random choices drawn from one seeded sequence (mulberry32). */
export interface Seeded {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** One of `items`. */
  pick<T>(items: readonly T[]): T;
  /** `length` characters of `alphabet`. */
  text(length: number, alphabet?: string): string;
}

/** The seed of this run: `PANEL_FUZZ_SEED`, or a fixed default so that runs repeat. */
export const FUZZ_SEED = Number(process.env.PANEL_FUZZ_SEED ?? 20_261_109);

/** Letters, digits, punctuation, controls and characters outside Latin-1 and the BMP. */
export const HOSTILE_ALPHABET =
  'abcXYZ019_-+/=.:;,{}[]"\'\\<>&%$#@!?* \t\n\u0000\u007f\u00a0\u00e9\u0130\u4e2d\u202e\ufeff\ud83d\ude00';

/** A seeded sequence; `salt` gives each test a sequence of its own from the run's seed. */
export function seeded(salt: number, seed = FUZZ_SEED): Seeded {
  let state = (seed * 31 + salt) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[int(items.length)] as T,
    text(length, alphabet = HOSTILE_ALPHABET) {
      // Code points: the alphabet holds characters outside the BMP, which must stay whole.
      const characters = Array.from(alphabet);
      let text = '';
      for (let i = 0; i < length; i += 1) text += characters[int(characters.length)] ?? 'a';
      return text;
    },
  };
}

/**
 * Whether this run is the whole of the long suites (`npm run test:e2e:full`, `PANEL_E2E_FULL=1`): the fault matrix
 * with every kind of fault at every call, and 10 000 hostile messages at each target. Otherwise `npm test` runs a
 * seeded sample of them (docs/building.md, "The whole fuzz and fault matrix").
 */
export const FULL_RUN = process.env.PANEL_E2E_FULL === '1';

/** A small number of a text, so each name draws a sample of its own from the run's seed. */
function saltOf(name: string): number {
  let hash = 0;
  for (const character of name) hash = (Math.imul(hash, 31) + (character.codePointAt(0) ?? 0)) >>> 0;
  return hash;
}

/**
 * The items a run tries: all of them in a {@link FULL_RUN}, else `count` of them drawn from the run's seed for
 * `name`, in their order. The same seed draws the same sample in every worker, so every worker declares the same
 * tests.
 */
export function sampleOf<T>(name: string, items: readonly T[], count: number): readonly T[] {
  if (FULL_RUN || count >= items.length) return items;
  const random = seeded(saltOf(name));
  const indices = items.map((_, index) => index);
  // Fisher-Yates, on the seeded sequence.
  for (let i = indices.length - 1; i > 0; i -= 1) {
    const j = random.int(i + 1);
    [indices[i], indices[j]] = [indices[j] as number, indices[i] as number];
  }
  const chosen = new Set(indices.slice(0, count));
  return items.filter((_, index) => chosen.has(index));
}

/**
 * Attaches to each failed test of the calling scope how to replay it with this run's seed: the failure report prints
 * it beside the error.
 */
export function replayOnFailure(test: Pick<TestType<object, object>, 'afterEach'>, file: string): void {
  // Playwright reads a hook's fixtures from this pattern: it needs none.
  // eslint-disable-next-line no-empty-pattern
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    const full = FULL_RUN ? 'PANEL_E2E_FULL=1 ' : '';
    // A regular expression of the title, quoted for a POSIX shell.
    const title = testInfo.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, "'\\''");
    await testInfo.attach('replay', {
      contentType: 'text/plain',
      body: `${full}PANEL_FUZZ_SEED=${FUZZ_SEED} npx playwright test --project=${testInfo.project.name} ${file} -g '${title}'`,
    });
  });
}
