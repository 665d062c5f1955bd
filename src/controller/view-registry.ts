/**
 * Which controller a view's element belongs to. The element registers its view's element when it
 * makes it; the view's element finds its controller here when it mounts.
 * @packageDocumentation
 */
import type { ViewController } from './view-contract';

const controllers = new WeakMap<Element, ViewController>();

/** Records the controller of a view's element. */
export function registerViewController(view: Element, controller: ViewController): void {
  controllers.set(view, controller);
}

/** The controller of a view's element, if it has one. */
export function viewControllerOf(view: Element): ViewController | undefined {
  return controllers.get(view);
}
