import { describe, expect, it } from 'vitest';
import { without } from '../../src/shared/test-without';
import css, { stylesheet } from './hosted-fields-frame.css?inline&published';
import { applyStyles, FONT_FAMILY, merchantRules } from './styles';

describe('merchant styles', () => {
  it('keeps whitelisted selectors and properties, aimed at the input', () => {
    expect(
      merchantRules({
        input: { color: 'red', fontSize: '14px', background: 'blue' },
        ':focus': { color: 'green' },
        '.invalid': { color: 'crimson' },
        'input::placeholder': { color: 'grey' },
        body: { color: 'black' },
        '.valid': { color: 'url(https://evil.example/x)', opacity: '1;}body{display:none' },
      }),
    ).toBe(
      'input{color:red;font-size:14px}\ninput:focus{color:green}\ninput.invalid{color:crimson}\ninput::placeholder{color:grey}',
    );
  });

  it('takes nothing from anything but an object', () => {
    expect(merchantRules('input{color:red}')).toBe('');
    expect(merchantRules(null)).toBe('');
  });
});

describe('font-family', () => {
  it('takes a plain list of families, as the panel reads it from its computed style', () => {
    expect(
      merchantRules({ input: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' } }),
    ).toBe('input{font-family:system-ui, -apple-system, "Segoe UI", Roboto, sans-serif}');
    expect(merchantRules({ input: { 'font-family': "'Noto Sans JP', メイリオ, serif" } })).toBe(
      "input{font-family:'Noto Sans JP', メイリオ, serif}",
    );
  });

  it.each([
    'url(https://evil.example/font.woff2)',
    'x, url("https://evil.example/f")',
    'expression(alert(1))',
    'Georgia; background: red',
    'Georgia} input{color:red',
    'Georgia\\3b color:red',
    '"Georgia" /* a */',
    'var(--x)',
    'attr(data-x)',
    '"a",',
  ])('refuses the hostile or malformed value %s, keeping the rest', (value) => {
    expect(FONT_FAMILY.test(value)).toBe(false);
    expect(merchantRules({ input: { color: 'red', 'font-family': value } })).toBe('input{color:red}');
  });
});

describe('the panel look', () => {
  it('passes the colours, background and font the panel computes', () => {
    expect(
      merchantRules({
        input: {
          color: 'rgb(31, 35, 40)',
          'background-color': '#0d1117',
          'font-family': 'Georgia, "Times New Roman", serif',
          'font-size': '17px',
        },
        '::placeholder': { color: '#57606a' },
        '.invalid': { color: '#b42318' },
      }),
    ).toBe(
      'input{color:rgb(31, 35, 40);background-color:#0d1117;font-family:Georgia, "Times New Roman", serif;font-size:17px}\ninput::placeholder{color:#57606a}\ninput.invalid{color:#b42318}',
    );
  });
});

describe('without constructable stylesheets (Safari before 16.4)', () => {
  const FRAME = 'https://assets.example/payment-panel/1.9.2/html/hosted-fields-frame.min.html';

  /** A frame's document, and the sheet its link loads (the test plays the network). */
  function frameDocument(): { doc: Document; load: () => CSSStyleSheet } {
    const doc = document.implementation.createHTMLDocument('Card field');
    Object.defineProperty(doc, 'baseURI', { value: FRAME });
    return {
      doc,
      load() {
        const link = doc.head.querySelector('link');
        if (!link) throw new Error('no link');
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        Object.defineProperty(link, 'sheet', { value: sheet, configurable: true });
        link.dispatchEvent(new Event('load'));
        return sheet;
      },
    };
  }

  const rules = (sheet: CSSStyleSheet): string[] => [...sheet.cssRules].map((rule) => rule.cssText);

  it('links the published default look beside the frame script, then inserts the merchant rules after it', async () => {
    const { doc, load } = frameDocument();
    await without(doc, 'adoptedStyleSheets', () => {
      applyStyles(doc);
      applyStyles(doc, { input: { color: 'red' } });
      const link = doc.head.querySelector('link');
      expect(link).toMatchObject({
        rel: 'stylesheet',
        href: `https://assets.example/payment-panel/1.9.2/${stylesheet.file}`,
        integrity: stylesheet.integrity,
      });
      const sheet = load();
      const base = new CSSStyleSheet();
      base.replaceSync(css);
      expect(rules(sheet)).toEqual([...rules(base), 'input { color: red; }']);
      // New styles replace the merchant's rules; the default look stays; the link stays one.
      applyStyles(doc, { '.invalid': { color: 'crimson' }, ':focus': { color: 'blue' } });
      expect(rules(sheet)).toEqual([
        ...rules(base),
        'input.invalid { color: crimson; }',
        'input:focus { color: blue; }',
      ]);
      expect(doc.head.querySelectorAll('link')).toHaveLength(1);
      expect(doc.adoptedStyleSheets).toBeUndefined();
    });
  });
});
