import { describe, expect, it, vi } from 'vitest';
import { adoptStylesheet } from './adopt-stylesheet';
import { without } from './test-without';

const BUNDLE = 'https://assets.example/payment-panel/1.9.2/payment-panel.min.js';

vi.mock('./bundle-location', async (original) => {
  const actual = await original<typeof import('./bundle-location')>();
  return { ...actual, bundleFileUrl: (path: string) => actual.bundleFileUrl(path, BUNDLE) };
});

const PUBLISHED = { file: 'assets/host.min.css', integrity: 'sha384-abc' };

function shadowRoot(): ShadowRoot {
  return document.createElement('div').attachShadow({ mode: 'open' });
}

describe('a stylesheet of the panel', () => {
  it('is adopted as one constructable stylesheet shared by every root', () => {
    const first = shadowRoot();
    const second = shadowRoot();
    expect(adoptStylesheet(first, ':host{color:red}', PUBLISHED)).toBeUndefined();
    adoptStylesheet(second, ':host{color:red}', PUBLISHED);
    expect(first.adoptedStyleSheets).toHaveLength(1);
    expect(second.adoptedStyleSheets[0]).toBe(first.adoptedStyleSheets[0]);
    expect(first.querySelector('link')).toBeNull();
  });

  it('without constructable stylesheets, is the published file beside the first script, with its hash', async () => {
    const root = shadowRoot();
    root.append(document.createElement('div'));
    const link = await without(root, 'adoptedStyleSheets', () => adoptStylesheet(root, ':host{}', PUBLISHED));
    expect(link).toBe(root.firstChild);
    expect(link).toMatchObject({
      rel: 'stylesheet',
      href: 'https://assets.example/payment-panel/1.9.2/assets/host.min.css',
      integrity: 'sha384-abc',
      crossOrigin: 'anonymous',
    });
  });
});
