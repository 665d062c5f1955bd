/**
 * Venmo in the panel and the sandbox's stand-ins for Venmo's pages (docs/venmo.md): the sheet's
 * button, the desktop QR modal and the code it shows, and the stand-in page's answers.
 */
import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { localOrigins } from '../../../server/origins';
import { VENMO_STAND_IN_PATHS } from '../../../src/shared/flavours';
import { expect } from '../support/fixtures';
import type { PanelPage } from './panel';

/** A phone's browser, as Venmo's rules read it: Chrome on Android. */
export const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

/** The stand-in for Venmo's app, as the local build opens it. */
export const VENMO_APP_URL = `${localOrigins().gateway}${VENMO_STAND_IN_PATHS.app}`;

/** The panel's Venmo parts on a merchant page. */
export class VenmoPanel {
  constructor(readonly panel: PanelPage) {}

  /** Opens the minimal merchant page offering the card and Venmo with this `venmo` option, ready. */
  async open(authorization: string, option: unknown = true): Promise<void> {
    await this.panel.openBare(authorization, 'local', { venmo: JSON.stringify(option) });
    await this.panel.waitForEvent('ready');
  }

  /** The Venmo sheet's button. */
  button(): Locator {
    return this.panel.element.getByRole('button', { name: 'Pay with Venmo' });
  }

  /** Opens the Venmo sheet from wherever the panel is. */
  async chooseVenmo(): Promise<void> {
    await this.panel.chooseOption('venmo');
    await expect(this.panel.element.locator('#venmo-sheet-label')).toHaveText('Venmo');
  }

  /** Presses the Venmo button on a phone and returns the new tab Venmo's app opened in. */
  async switchToNewTab(): Promise<Page> {
    const [tab] = await Promise.all([
      this.panel.element.page().context().waitForEvent('page'),
      this.button().click(),
    ]);
    await tab.waitForURL((url) => url.href.startsWith(VENMO_APP_URL));
    return tab;
  }

  /** The desktop QR modal. */
  modal(): Locator {
    return this.panel.element.getByRole('dialog', { name: 'Scan to pay with Venmo' });
  }

  /** The QR code in the modal. */
  qrCode(): Locator {
    return this.modal().getByRole('img', { name: 'Venmo QR code' });
  }

  /** What the QR code the modal shows encodes, read from its picture as a phone's camera would. */
  async scan(): Promise<string> {
    const picture = PNG.sync.read(await this.qrCode().screenshot());
    const found = jsQR(new Uint8ClampedArray(picture.data), picture.width, picture.height);
    if (!found) throw new Error('No QR code in the picture of the modal.');
    return found.data;
  }

  /** The Venmo account the saved methods list shows selected. */
  selectedAccount(): Locator {
    return this.panel.element.locator(
      '[part~="saved-method"][aria-pressed="true"][data-type="VenmoAccount"]',
    );
  }
}

/** The stand-in page for Venmo's app, web page or web login. */
export class VenmoStandIn {
  constructor(readonly page: Page) {}

  async approve(): Promise<void> {
    await this.page.getByRole('button', { name: 'Approve' }).click();
  }

  async cancel(): Promise<void> {
    await this.page.getByRole('button', { name: 'Cancel' }).click();
  }

  async fail(): Promise<void> {
    await this.page.getByRole('button', { name: 'Fail' }).click();
  }
}
