/*
 * The script of the sandbox's Venmo pages (sandbox/stand-ins/venmo.ts), served at
 * /sandbox/venmo/stand-in.js. The page it runs on fits its query already (the gateway refused it
 * otherwise); the script answers for the sandbox's Venmo user when a button is pressed: it posts the
 * page's query and the button to the gateway, which sets the payment context and mints the nonce, and
 * then goes where the gateway answers: back to the merchant's page (http or https only), or it stays,
 * says it is done, and closes the web login's popup.
 */
(() => {
  'use strict';

  const data = document.getElementById('venmo-page');
  if (!data) return;
  const settings = JSON.parse(data.textContent);
  const buttons = ['approve', 'cancel', 'fail']
    .map((id) => document.getElementById(id))
    .filter((button) => button !== null);
  const status = document.getElementById('status');
  const problem = document.getElementById('problem');

  const DONE = {
    APPROVED: 'Approved. You can return to the merchant’s page.',
    CANCELED: 'Canceled. You can return to the merchant’s page.',
    FAILED: 'Failed. You can return to the merchant’s page.',
  };

  function isWebUrl(text) {
    try {
      const url = new URL(text);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }

  function showProblem(message) {
    status.textContent = '';
    problem.textContent = message;
    problem.hidden = false;
  }

  /** Posts the answer; resolves the gateway's `{status, location}`, or rejects with its message. */
  async function post(action) {
    let response;
    try {
      response = await fetch(settings.answerPath, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ query: location.search.replace(/^\?/, ''), action }),
      });
    } catch {
      // Nothing reached the gateway, so the shopper may try again.
      throw Object.assign(new Error('The sandbox gateway could not be reached. Try again.'), { retry: true });
    }
    let body = null;
    try {
      body = await response.json();
    } catch {
      // An answer that is not JSON says nothing more than its status.
    }
    if (!response.ok || body === null || typeof body.status !== 'string') {
      const message = body && body.error && body.error.message;
      throw Object.assign(new Error(message || `The sandbox gateway answered ${response.status}.`), {
        retry: response.status >= 500,
      });
    }
    return body;
  }

  async function answer(action) {
    for (const button of buttons) button.disabled = true;
    problem.hidden = true;
    status.textContent = 'One moment…';
    let reply;
    try {
      reply = await post(action);
    } catch (error) {
      showProblem(error.message);
      if (error.retry) for (const button of buttons) button.disabled = false;
      return;
    }
    if (reply.location !== null && reply.location !== undefined) {
      // Only ever back to a web page: the gateway checked the URL, and the page checks again.
      if (!isWebUrl(reply.location)) {
        showProblem('The page to return to is not an http or https URL.');
        return;
      }
      status.textContent = 'Returning to the merchant’s page…';
      location.assign(reply.location);
      return;
    }
    status.textContent = DONE[reply.status] || 'Done.';
    if (settings.closes) window.close();
  }

  for (const button of buttons) {
    button.addEventListener('click', () => {
      void answer(button.value);
    });
  }
})();
