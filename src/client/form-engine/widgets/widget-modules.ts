/**
 * The form engine's heavy widgets live in chunks of their own, loaded only by the forms that use
 * them: the rich-text editor (slate), the select (choices.js), the date/time pickers (flatpickr)
 * the help tooltip (tippy.js) and the step-by-step layout (`ui:steps`). A form asks for the ones its schemas name (widget-needs.ts) all
 * at once, before it renders ({@link useWidgetModules}), so no field waits when the person
 * reaches it; a module a form did not ask for is loaded by the field that needs it
 * ({@link useWidgetModule}). docs/performance.md lists the chunks and their sizes.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { WidgetModuleName } from '../widget-needs';

/** One dynamic import per module; the select also fetches choices.js itself, which it imports on first use. */
const LOADERS = {
  richTextEditor: () => import('./rich-text/rich-text-editor'),
  select: async () => (await Promise.all([import('./select-widget'), import('choices.js')]))[0],
  datePicker: () => import('./date-picker-widget'),
  helpTooltip: () => import('../templates/help-tooltip'),
  steps: () => import('../steps/stepped-form'),
} satisfies Record<WidgetModuleName, () => Promise<unknown>>;

/** What each widget module exports. */
export type WidgetModules = { [Name in WidgetModuleName]: Awaited<ReturnType<(typeof LOADERS)[Name]>> };

const loaded: Partial<WidgetModules> = {};
const pending = new Map<WidgetModuleName, Promise<void>>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function loadOne<Name extends WidgetModuleName>(name: Name): Promise<void> {
  if (loaded[name]) return Promise.resolve();
  let request = pending.get(name);
  if (!request) {
    request = (LOADERS[name] as () => Promise<WidgetModules[Name]>)().then(
      (module) => {
        loaded[name] = module;
        pending.delete(name);
        changed();
      },
      (error: unknown) => {
        // a failed chunk may be asked for again (the "Try again" of the form's loading state)
        pending.delete(name);
        throw error;
      },
    );
    pending.set(name, request);
  }
  return request;
}

/**
 * Starts loading `names` (each once; a module already loaded or on its way is not asked for again)
 * and resolves when all are there. Rejects with the first chunk that failed to load.
 */
export function loadWidgetModules(names: Iterable<WidgetModuleName>): Promise<void> {
  return Promise.all([...names].map((name) => loadOne(name))).then(() => undefined);
}

/** The module `name` if it is loaded, else `undefined`. */
export function loadedWidgetModule<Name extends WidgetModuleName>(name: Name): WidgetModules[Name] | undefined {
  return loaded[name];
}

/** The state of a form's widget modules: `error` carries the failure and a retry. */
export type WidgetModulesState =
  { status: 'loading' } | { status: 'ready' } | { status: 'error'; error: unknown; retry: () => void };

/**
 * Loads `names` (a stable array: memoise it) and re-renders the caller when they are all there or
 * one failed to load.
 */
export function useWidgetModules(names: readonly WidgetModuleName[]): WidgetModulesState {
  const isLoaded = useCallback(() => names.every((name) => loaded[name] !== undefined), [names]);
  // the server (and a test's static render) sees what is loaded in its own process
  const ready = useSyncExternalStore(subscribe, isLoaded, isLoaded);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (ready) return undefined;
    let isCurrent = true;
    loadWidgetModules(names).catch((error: unknown) => {
      if (isCurrent) setFailure({ error });
    });
    return () => {
      isCurrent = false;
    };
  }, [names, ready, attempt]);
  if (ready) return { status: 'ready' };
  if (failure) {
    return {
      status: 'error',
      error: failure.error,
      retry: () => {
        setFailure(null);
        setAttempt((count) => count + 1);
      },
    };
  }
  return { status: 'loading' };
}

/**
 * The module `name` for a field that renders with it; `undefined` until it is loaded (the field
 * shows a stand-in meanwhile). Loads it when the form did not (its schemas did not say it); with
 * `load` false it only waits for someone else to (a part that wants the module later, not with
 * the page's first requests).
 */
export function useWidgetModule<Name extends WidgetModuleName>(
  name: Name,
  load = true,
): WidgetModules[Name] | undefined {
  const module = useSyncExternalStore(
    subscribe,
    () => loaded[name],
    () => loaded[name],
  );
  useEffect(() => {
    if (!module && load) loadOne(name).catch(() => undefined);
  }, [module, name, load]);
  return module;
}
