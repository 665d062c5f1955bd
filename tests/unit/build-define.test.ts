// @vitest-environment node
/** The build constants' values (build/define.ts), for the build and the unit tests alike. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { flavourDefine } from '../../build/define';
import pkg from '../../package.json' with { type: 'json' };

const { gateway } = inject('localOrigins');

/** The globals src/shared/build-constants.ts declares. */
function declaredGlobals(): string[] {
  const source = readFileSync(resolve(import.meta.dirname, '../../src/shared/build-constants.ts'), 'utf8');
  return [...source.matchAll(/^\s*const (__\w+__):/gm)].map((match) => match[1] ?? '').sort();
}

describe('flavourDefine', () => {
  it('gives every global the code declares, as JSON, and nothing else', () => {
    for (const flavour of ['release', 'local'] as const) {
      const define = flavourDefine(flavour, gateway, 'sha384-index');
      expect(Object.keys(define).sort()).toEqual(declaredGlobals());
      for (const value of Object.values(define)) expect(() => JSON.parse(value) as unknown).not.toThrow();
      expect(define.__PANEL_VERSION__).toBe(JSON.stringify(pkg.version));
      expect(define.__PANEL_FLAVOUR__).toBe(JSON.stringify(flavour));
      expect(define.__LOCALE_INTEGRITY__).toBe('"sha384-index"');
    }
  });

  it('lets only the local flavour reach the local gateway', () => {
    const domains = (flavour: 'release' | 'local') =>
      JSON.parse(flavourDefine(flavour, gateway, '').__GATEWAY_DOMAINS__ ?? '[]') as string[];
    expect(domains('local')).toContain('localhost');
    expect(domains('release')).not.toContain('localhost');
  });
});
