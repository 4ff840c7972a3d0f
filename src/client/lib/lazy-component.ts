import { createElement, useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

/** The props of a component type. */
type PropsOf<C> = C extends ComponentType<infer Props> ? Props : never;

/**
 * A named export of a module loaded on first use, and `preload`, which starts loading the module
 * without rendering it: a page calls it (or its route's `loader` does) so the chunk downloads
 * beside the page's own data. Both share one import of the module.
 *
 * `Component` renders `fallback` until the module is in, then the export, and renders it at once
 * when the module is in already. It does not suspend: React holds back the content of a
 * `<Suspense>` boundary until 300 ms after the boundary's fallback appeared (its fallback
 * throttling, so that nested boundaries do not pop in one by one), which kept a form that
 * arrived 5 ms after its page's header off the screen for another 250 ms. The module's arrival is
 * an update of an external store (`useSyncExternalStore`), which React renders at once. A module
 * that fails to load makes `Component` throw its error, so it shows through the nearest error
 * boundary (the route's error page), as a failed `React.lazy` would. `preload` never rejects.
 */
export function lazyComponent<Module, Name extends keyof Module & string>(
  load: () => Promise<Module>,
  name: Name,
  fallback: ReactNode = null,
): { Component: ComponentType<PropsOf<Module[Name]>>; preload: () => Promise<void> } {
  type Props = PropsOf<Module[Name]>;
  // undefined until the module is in; `failure` once it could not be loaded
  let module: Module | undefined;
  let failure: { error: unknown } | undefined;
  let request: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const settle = () => listeners.forEach((listener) => listener());
  const preload = () =>
    (request ??= load().then(
      (loaded) => {
        module = loaded;
        settle();
      },
      (error: unknown) => {
        failure = { error };
        settle();
      },
    ));
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  // a new snapshot when the module arrives or fails, the same one until then
  const snapshot = () => module ?? failure;

  function Component(props: Props) {
    useSyncExternalStore(subscribe, snapshot, snapshot);
    useEffect(() => void preload(), []);
    if (failure) throw failure.error;
    if (!module) return fallback;
    // the props are the export's own (the type above), which createElement cannot see through the generic
    return createElement(module[name] as ComponentType<object>, props as object);
  }
  return { Component, preload };
}
