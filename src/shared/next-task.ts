/**
 * Runs a callback in a task of its own, right after the current one and the promise callbacks it
 * queued: a message to a channel of the page's own, as React's scheduler does. Unlike a time-out,
 * it is neither clamped nor throttled in a background tab.
 * @packageDocumentation
 */

let channel: MessageChannel | undefined;
const queued: (() => void)[] = [];

function run(): void {
  for (const callback of queued.splice(0)) callback();
}

/** Calls `callback` in the next task. */
export function nextTask(callback: () => void): void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = run;
    // Outside a browser (the unit tests' Node) an open port would keep the process alive.
    (channel.port1 as MessagePort & { unref?: () => void }).unref?.();
  }
  queued.push(callback);
  if (queued.length === 1) channel.port2.postMessage(null);
}
