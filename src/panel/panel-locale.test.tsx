/**
 * The panel's locale: `lang` and `dir` on its root, and views that wait for the locale's texts.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GatewayClient } from '../client';
import { PANEL_VERSION } from '../shared/build-constants';
import type { GatewayState } from './use-gateway-client';
import { ATTACH_PANEL_API, TRACK_TEARDOWN } from './panel-api';
import { Panel } from './Panel';
import type { PanelOptions } from './panel-options';
import { useTexts } from './texts-context';

const ASSETS = 'https://assets.example';

// The bundle as the page loaded it, from the versioned folder on the assets origin.
vi.mock('../i18n/load-locale', async (load) => ({
  ...(await load<typeof import('../i18n/load-locale')>()),
  BUNDLE_URL: 'https://assets.example/payment-panel/1.9.2/payment-panel.min.js',
}));
const gatewayState = vi.hoisted((): { current: GatewayState } => ({ current: { status: 'loading' } }));
vi.mock('./use-gateway-client', () => ({ useGatewayClient: () => gatewayState.current }));
// The views stand in for the real ones: they show the texts they are given.
vi.mock('./PaymentViews', () => ({
  PaymentViews: function Views() {
    const { text } = useTexts();
    return <p className="views">{text('payWithCard')}</p>;
  },
}));

const client = {
  configuration: {
    gatewayConfiguration: { assetsUrl: ASSETS, creditCards: { supportedCardTypes: ['Visa'] } },
  },
} as unknown as GatewayClient;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let shadow: ShadowRoot;

beforeEach(() => {
  // Locale files stay on their way unless a test answers them.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => undefined)),
  );
  gatewayState.current = { status: 'loading' };
  const host = Object.assign(document.createElement('div'), {
    [ATTACH_PANEL_API]: vi.fn(),
    [TRACK_TEARDOWN]: vi.fn(),
  });
  document.body.append(host);
  shadow = host.attachShadow({ mode: 'open' });
  root = createRoot(shadow);
});

afterEach(() => {
  act(() => {
    root.unmount();
  });
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

async function render(options: PanelOptions): Promise<void> {
  await act(async () => {
    root.render(<Panel authorization="sandbox_a_b" options={options} container={shadow} />);
    await Promise.resolve();
  });
}

const panelRoot = (): Element | null => shadow.querySelector('[part="panel"]');
const views = (): string | null | undefined => shadow.querySelector('.views')?.textContent;

describe('the panel root', () => {
  it.each([
    [undefined, 'en-US', 'ltr'],
    ['de_DE', 'de-DE', 'ltr'],
    ['de-at', 'de-DE', 'ltr'],
    ['ja_JP', 'ja-JP', 'ltr'],
    ['ar_EG', 'ar-EG', 'rtl'],
    ['ar', 'ar-EG', 'rtl'],
    ['he_IL', 'he-IL', 'rtl'],
    ['iw', 'he-IL', 'rtl'],
    ['xx_YY', 'en-US', 'ltr'],
  ])('for the locale %j has lang %s and dir %s', async (locale, lang, dir) => {
    await render(locale === undefined ? {} : { locale });
    expect(panelRoot()?.getAttribute('lang')).toBe(lang);
    expect(panelRoot()?.getAttribute('dir')).toBe(dir);
  });

  it('follows a change of locale', async () => {
    await render({ locale: 'he_IL' });
    expect(panelRoot()?.getAttribute('dir')).toBe('rtl');
    await render({ locale: 'en_GB' });
    expect(panelRoot()?.getAttribute('lang')).toBe('en-GB');
    expect(panelRoot()?.getAttribute('dir')).toBe('ltr');
  });
});

describe('the views', () => {
  it('show at once in US English', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    gatewayState.current = { status: 'ready', client };
    await render({});
    expect(views()).toBe('Pay with card');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("wait for another locale's file, from the versioned assets folder, and show its texts", async () => {
    let answer!: (response: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    gatewayState.current = { status: 'ready', client };
    await render({ locale: 'da_DK', translations: { acceptedCards: 'Kort' } });
    expect(fetch).toHaveBeenCalledWith(
      `${ASSETS}/payment-panel/${PANEL_VERSION}/assets/locales/da_DK.json`,
      expect.anything(),
    );
    expect(views()).toBeUndefined();
    expect(shadow.querySelector('[part="loading-indicator"]')).not.toBeNull();

    await act(async () => {
      answer(new Response(JSON.stringify({ payWithCard: 'Betal med kort' })));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(views()).toBe('Betal med kort');
    expect(shadow.querySelector('[part="loading-indicator"]')).toBeNull();
  });

  it('show in US English when the file fails to load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('Not found', { status: 404 }))),
    );
    gatewayState.current = { status: 'ready', client };
    await render({ locale: 'sv_SE' });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(views()).toBe('Pay with card');
    expect(panelRoot()?.getAttribute('lang')).toBe('sv-SE');
  });

  it('keep their texts while a new locale loads, then change', async () => {
    const answers: ((response: Response) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve))),
    );
    gatewayState.current = { status: 'ready', client };
    await render({});
    expect(views()).toBe('Pay with card');
    await render({ locale: 'pl_PL' });
    expect(views()).toBe('Pay with card');
    await act(async () => {
      answers[0]?.(new Response(JSON.stringify({ payWithCard: 'Zapłać kartą' })));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(views()).toBe('Zapłać kartą');
    // Back to a locale at hand: no wait.
    await render({ locale: 'en_US' });
    expect(views()).toBe('Pay with card');
    await render({ locale: 'pl' });
    expect(views()).toBe('Zapłać kartą');
  });
});
