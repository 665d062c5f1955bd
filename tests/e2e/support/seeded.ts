/**
 * A seeded source of random choices for the hostile-configuration tests: the same seed gives the
 * same cases, so a failing run can be replayed (`PANEL_FUZZ_SEED`).
 * @packageDocumentation
 */

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
