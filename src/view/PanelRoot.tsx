/**
 * The root of the React view: reads its controller's state, provides the texts and renders the
 * views. It tells the controller when it has mounted and when it has shown the panel ready.
 */
import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import type { PanelView } from '../controller';
import { TextsContext } from './texts-context';
import { Views } from './Views';

/** Properties r2wc passes to the view. */
export interface PanelRootProps {
  /** Returns the controller of the panel this view belongs to (r2wc's `method` prop). */
  controller?: () => PanelView | undefined;
  /** The shadow root r2wc renders into. */
  container?: HTMLElement | ShadowRoot;
}

/** The view of one panel. */
export function PanelRoot({ controller }: PanelRootProps) {
  const view = controller?.();
  return view ? <Root view={view} /> : null;
}

function Root({ view }: { view: PanelView }) {
  const state = useSyncExternalStore(view.subscribe, () => view.getState());
  useEffect(() => {
    view.viewMounted();
  }, [view]);
  const ready = state.phase === 'ready' && state.views !== null;
  useLayoutEffect(() => {
    if (ready) view.viewShown();
  }, [view, ready]);
  return (
    <TextsContext.Provider value={state.texts}>
      <div className="view" lang={state.lang} dir={state.dir}>
        {state.views && <Views view={view} state={state.views} ready={ready} />}
      </div>
    </TextsContext.Provider>
  );
}
