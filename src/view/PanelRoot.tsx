/**
 * The root of the React view: reads its controller's state, provides the texts and renders the
 * sheets. It tells the controller when it has mounted and when it has shown the panel ready.
 */
import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import type { ViewController } from '../controller';
import { TextsContext } from './texts-context';
import { Sheets } from './Sheets';

/** Properties r2wc passes to the view. */
export interface PanelRootProps {
  /** Returns the controller of the panel this view belongs to (r2wc's `method` prop). */
  controller?: () => ViewController | undefined;
  /** The shadow root r2wc renders into. */
  container?: HTMLElement | ShadowRoot;
}

/** The view of one panel. */
export function PanelRoot({ controller }: PanelRootProps) {
  const panel = controller?.();
  return panel ? <Root controller={panel} /> : null;
}

function Root({ controller }: { controller: ViewController }) {
  const state = useSyncExternalStore(controller.subscribe, () => controller.getState());
  useEffect(() => {
    controller.viewMounted();
  }, [controller]);
  const ready = state.phase === 'ready' && state.sheets !== null;
  useLayoutEffect(() => {
    if (ready) controller.viewShown();
  }, [controller, ready]);
  return (
    <TextsContext.Provider value={state.texts}>
      <div className="view" lang={state.lang} dir={state.dir}>
        {state.sheets && <Sheets controller={controller} state={state.sheets} ready={ready} />}
      </div>
    </TextsContext.Provider>
  );
}
