import { describe, expect, it } from 'vitest';
import { without } from '../shared/test-without';
import { isRendered } from './Sheets';

describe('whether the focused element is rendered', () => {
  it('asks checkVisibility() where the browser has it', () => {
    const element = document.createElement('button');
    Object.defineProperty(element, 'checkVisibility', { value: () => false });
    expect(isRendered(element)).toBe(false);
  });

  it('counts its boxes where the browser has no checkVisibility() (Safari before 17.4)', async () => {
    const element = document.createElement('button');
    document.body.append(element);
    const boxes = [{}] as unknown as DOMRectList;
    element.getClientRects = () => boxes;
    await without(Element.prototype, 'checkVisibility', () => {
      expect(isRendered(element)).toBe(true);
      element.getClientRects = () => [] as unknown as DOMRectList;
      expect(isRendered(element)).toBe(false);
    });
    element.remove();
  });
});
