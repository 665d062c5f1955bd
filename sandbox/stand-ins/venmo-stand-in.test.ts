// @vitest-environment jsdom
// @vitest-environment-options {"url": "https://localhost/sandbox/venmo/braintree/checkout"}
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { venmoPage, VENMO_ANSWER_PATH, type VenmoPage, type VenmoPageQuery } from './venmo';

const SOURCE = readFileSync(resolve(import.meta.dirname, 'venmo-stand-in.js'), 'utf8');

const SEARCH =
  '?x-success=https%3A%2F%2Fshop.example%2F%23venmoSuccess%3D1&braintree_merchant_id=venmo-merchant-id';

const QUERY = (returnUrls: boolean): VenmoPageQuery => ({
  resourceId: returnUrls ? null : 'context-1',
  returnUrls: returnUrls
    ? {
        success: 'https://shop.example/#venmoSuccess=1',
        cancel: 'https://shop.example/#venmoCancel=1',
        error: 'https://shop.example/#venmoError=1',
      }
    : null,
  venmoMerchantId: 'venmo-merchant-id',
  accessToken: 'access_token$sandbox$venmo-merchant-id',
  merchants: [],
  sdkData: null,
});

let fetchMock: Mock;
let assign: Mock;

/** Shows the page the gateway serves and runs its script on it, as the browser does. */
function show(which: VenmoPage = 'app', returnUrls = true): void {
  const text = venmoPage(which, QUERY(returnUrls), null, undefined).text ?? '';
  const body = /<body>([\s\S]*)<\/body>/.exec(text)?.[1] ?? '';
  // The script element is the gateway's; here the test runs the file itself.
  document.body.innerHTML = body.replace(/<script src=[^>]*><\/script>/, '');
  (0, eval)(SOURCE);
}

function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent === name);
  if (!found) throw new Error(`No ${name} button`);
  return found;
}

function reply(status: number, body: unknown): Promise<Response> {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

const text = (id: string) => document.getElementById(id)?.textContent ?? '';

beforeEach(() => {
  fetchMock = vi.fn();
  assign = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('location', { search: SEARCH, assign });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the Venmo pages’ script', () => {
  it('offers Approve, Cancel and Fail as buttons a keyboard reaches', () => {
    show();
    for (const name of ['Approve', 'Cancel', 'Fail']) {
      const found = button(name);
      expect(found.type).toBe('button');
      expect(found.disabled).toBe(false);
      expect(found.tabIndex).toBe(0);
    }
    expect(document.getElementById('status')?.getAttribute('role')).toBe('status');
  });

  it('posts the page’s query and the answer, then goes back where the gateway says', async () => {
    const location =
      'https://shop.example/#venmoSuccess=1&paymentMethodNonce=tokenvm_sb_1&username=%40venmojoe';
    fetchMock.mockReturnValue(
      reply(200, { status: 'APPROVED', paymentMethodNonce: 'tokenvm_sb_1', location }),
    );
    show();
    button('Approve').click();
    expect(button('Cancel').disabled).toBe(true);
    await vi.waitFor(() => {
      expect(assign).toHaveBeenCalledWith(location);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(VENMO_ANSWER_PATH);
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(JSON.parse(init.body as string)).toEqual({ query: SEARCH.slice(1), action: 'approve' });
    expect(text('status')).toBe('Returning to the merchant’s page…');
  });

  it.each([
    ['cancel', 'Cancel'],
    ['fail', 'Fail'],
  ])('posts %s for its button', async (action, name) => {
    fetchMock.mockReturnValue(
      reply(200, { status: 'CANCELED', location: 'https://shop.example/#venmoCancel=1' }),
    );
    show();
    button(name).click();
    await vi.waitFor(() => {
      expect(assign).toHaveBeenCalled();
    });
    expect(JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string)).toMatchObject({
      action,
    });
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', '/relative'])(
    'never goes to %s, a location that is not an http or https URL',
    async (location) => {
      fetchMock.mockReturnValue(reply(200, { status: 'APPROVED', location }));
      show();
      button('Approve').click();
      await vi.waitFor(() => {
        expect(text('problem')).toBe('The page to return to is not an http or https URL.');
      });
      expect(assign).not.toHaveBeenCalled();
    },
  );

  it('stays and says it is done without a location; the web login’s popup closes itself', async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    fetchMock.mockImplementation(() => reply(200, { status: 'APPROVED', location: null }));
    show('app', false);
    button('Approve').click();
    await vi.waitFor(() => {
      expect(text('status')).toBe('Approved. You can return to the merchant’s page.');
    });
    expect(close).not.toHaveBeenCalled();
    show('webLogin', false);
    button('Cancel').click();
    await vi.waitFor(() => {
      expect(close).toHaveBeenCalledTimes(1);
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the gateway’s refusal, and leaves the answered page without buttons to press', async () => {
    fetchMock.mockReturnValue(
      reply(409, { error: { message: 'This Venmo payment context is already APPROVED.' } }),
    );
    show();
    button('Approve').click();
    await vi.waitFor(() => {
      expect(text('problem')).toBe('This Venmo payment context is already APPROVED.');
    });
    expect(document.getElementById('problem')?.hidden).toBe(false);
    expect(button('Approve').disabled).toBe(true);
    expect(assign).not.toHaveBeenCalled();
  });

  it('lets the shopper try again when the gateway cannot be reached', async () => {
    fetchMock.mockReturnValueOnce(Promise.reject(new TypeError('Failed to fetch')));
    show();
    button('Approve').click();
    await vi.waitFor(() => {
      expect(text('problem')).toBe('The sandbox gateway could not be reached. Try again.');
    });
    expect(button('Approve').disabled).toBe(false);
    fetchMock.mockReturnValueOnce(
      reply(200, { status: 'APPROVED', location: 'https://shop.example/#venmoSuccess=1' }),
    );
    button('Approve').click();
    await vi.waitFor(() => {
      expect(assign).toHaveBeenCalledTimes(1);
    });
  });
});
