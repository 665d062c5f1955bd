/**
 * Test support: runs code as in a browser that lacks a property (an older engine), by taking it
 * off the prototype that defines it for the duration.
 * @packageDocumentation
 */

/** Runs `run` while `name` is missing from `target` and its prototypes; puts it back after. */
export async function without<T>(target: object, name: string, run: () => T | Promise<T>): Promise<T> {
  const removed: [object, PropertyDescriptor][] = [];
  for (let owner: object | null = target; owner; owner = Object.getPrototypeOf(owner) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(owner, name);
    if (descriptor) {
      removed.push([owner, descriptor]);
      Reflect.deleteProperty(owner, name);
    }
  }
  try {
    return await run();
  } finally {
    for (const [owner, descriptor] of removed) Object.defineProperty(owner, name, descriptor);
  }
}
