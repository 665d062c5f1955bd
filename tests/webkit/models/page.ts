/**
 * The test's WebKit window over WebDriver, with the few verbs of Playwright's `page` the specs use:
 * `goto`, `keyboard`, `evaluate`, and what lives in the merchant page itself (the demo's controls,
 * the wallets' stand-in sheets, the PayPal popup).
 */
import { expect } from '@playwright/test';
import { By, Key, type WebDriver, type WebElement } from 'selenium-webdriver';

/** The keys the specs press, by Playwright's names. */
const KEYS = {
  Tab: Key.TAB,
  Enter: Key.ENTER,
  Escape: Key.ESCAPE,
  Space: Key.SPACE,
  Backspace: Key.BACK_SPACE,
  End: Key.END,
} as const;

/** A key by Playwright's name or a character, after an optional modifier: `Tab`, `Shift+Tab`, `Control+v`. */
export type KeyName = keyof typeof KEYS | `Shift+${keyof typeof KEYS}` | `Control+${string}`;

const MODIFIERS = { Shift: Key.SHIFT, Control: Key.CONTROL } as const;

/** Keys pressed in whatever has focus, in any frame: WebDriver's key actions go where the focus is. */
export class Keyboard {
  constructor(private readonly driver: WebDriver) {}

  /** Presses one key, e.g. `Tab`, `Shift+Tab` or `Control+v`. */
  async press(name: KeyName): Promise<void> {
    const [first, rest] = name.split(/\+(.+)/) as [string, string | undefined];
    const modifier = rest === undefined ? undefined : MODIFIERS[first as keyof typeof MODIFIERS];
    const key = rest ?? first;
    const actions = this.driver.actions();
    if (modifier) actions.keyDown(modifier);
    actions.sendKeys(key in KEYS ? KEYS[key as keyof typeof KEYS] : key);
    if (modifier) actions.keyUp(modifier);
    await actions.perform();
  }

  /** Types text key by key. */
  async type(text: string): Promise<void> {
    await this.driver.actions().sendKeys(text).perform();
  }
}

/** The browser window a WebKit test drives. */
export class WebKitPage {
  readonly keyboard: Keyboard;

  constructor(
    readonly driver: WebDriver,
    readonly baseURL: string,
  ) {
    this.keyboard = new Keyboard(driver);
  }

  /** Loads a page of the merchant origin and waits for its load event. */
  async goto(path: string): Promise<void> {
    await this.driver.switchTo().defaultContent();
    await this.driver.get(new URL(path, this.baseURL).href);
  }

  /** Runs a self-contained function in the current frame and returns its (awaited) result. */
  async evaluate<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    return this.driver.executeScript<Awaited<R>>(fn, ...args);
  }

  /** The first element of the merchant page (not in a shadow root) that matches, once there is one. */
  async locate(css: string): Promise<WebElement> {
    await this.driver.switchTo().defaultContent();
    await expect.poll(async () => (await this.driver.findElements(By.css(css))).length).toBeGreaterThan(0);
    return this.driver.findElement(By.css(css));
  }

  /** Clicks an element of the merchant page, as a shopper's pointer does. */
  async click(css: string): Promise<void> {
    await (await this.locate(css)).click();
  }

  /** The text of an element of the merchant page, or `null` when there is none. */
  async text(css: string): Promise<string | null> {
    await this.driver.switchTo().defaultContent();
    const [element] = await this.driver.findElements(By.css(css));
    return element ? element.getText() : null;
  }

  /**
   * Runs `action`, which opens a window, then switches to that window and returns its handle. The
   * caller switches back with {@link WebKitPage.backTo}.
   */
  async popup(action: () => Promise<void>): Promise<string> {
    const before = new Set(await this.driver.getAllWindowHandles());
    await action();
    let opened: string | undefined;
    await expect
      .poll(async () => {
        opened = (await this.driver.getAllWindowHandles()).find((handle) => !before.has(handle));
        return opened;
      })
      .toBeDefined();
    await this.driver.switchTo().window(opened ?? '');
    return opened ?? '';
  }

  /** Whether a window is still open. */
  async isOpen(handle: string): Promise<boolean> {
    return (await this.driver.getAllWindowHandles()).includes(handle);
  }

  /** Switches back to a window, e.g. the checkout after its popup. */
  async backTo(handle: string): Promise<void> {
    await this.driver.switchTo().window(handle);
  }
}
