import { describe, expect, it } from 'vitest';
import css from './hosted-fields-frame.css?inline';
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

describe("the frame page's linked stylesheet", () => {
  /** A frame's document with the page's link, and the sheet it loads (the test plays the network). */
  function frameDocument(): { doc: Document; load: () => CSSStyleSheet } {
    const doc = document.implementation.createHTMLDocument('Card field');
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = '../assets/hosted-fields-frame.min.css';
    doc.head.append(link);
    return {
      doc,
      load() {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        Object.defineProperty(link, 'sheet', { value: sheet, configurable: true });
        link.dispatchEvent(new Event('load'));
        return sheet;
      },
    };
  }

  const rules = (sheet: CSSStyleSheet): string[] => [...sheet.cssRules].map((rule) => rule.cssText);
  const base = (): string[] => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return rules(sheet);
  };

  it('inserts the merchant rules after the default look once the sheet has arrived, and replaces them', () => {
    const { doc, load } = frameDocument();
    applyStyles(doc, { input: { color: 'red' } });
    const sheet = load();
    expect(rules(sheet)).toEqual([...base(), 'input { color: red; }']);
    applyStyles(doc, { '.invalid': { color: 'crimson' }, ':focus': { color: 'blue' } });
    expect(rules(sheet)).toEqual([
      ...base(),
      'input.invalid { color: crimson; }',
      'input:focus { color: blue; }',
    ]);
    applyStyles(doc);
    expect(rules(sheet)).toEqual(base());
    expect(doc.head.querySelectorAll('link, style')).toHaveLength(1);
    expect(doc.querySelector('[style]')).toBeNull();
  });

  it('inserts them at once into a sheet already there, as a page has its stylesheets before its scripts run', () => {
    const { doc, load } = frameDocument();
    const sheet = load();
    applyStyles(doc, { input: { color: 'red' } });
    expect(rules(sheet)).toEqual([...base(), 'input { color: red; }']);
  });

  it('leaves out a rule the browser cannot parse, keeping the others', () => {
    const { doc, load } = frameDocument();
    const sheet = load();
    const insertRule = sheet.insertRule.bind(sheet);
    sheet.insertRule = (rule: string, index?: number) => {
      if (rule.includes(':focus')) throw new DOMException('unsupported', 'SyntaxError');
      return insertRule(rule, index);
    };
    applyStyles(doc, { ':focus': { color: 'blue' }, input: { color: 'red' } });
    expect(rules(sheet)).toEqual([...base(), 'input { color: red; }']);
    applyStyles(doc, { input: { color: 'green' } });
    expect(rules(sheet)).toEqual([...base(), 'input { color: green; }']);
  });
});
