import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The props of a component type. */
type PropsOf<C> = C extends ComponentType<infer Props> ? Props : never;

/**
 * A named export of a module as a `React.lazy` component (render it inside `<Suspense>`), and
 * `preload`, which starts loading the module without rendering it: a page calls it as it mounts
 * so the chunk downloads beside the page's own data. Both share the browser's one import of the
 * module. `preload` never rejects: a failed load shows where the component renders (through the
 * route's error page).
 */
export function lazyComponent<Module, Name extends keyof Module & string>(
  load: () => Promise<Module>,
  name: Name,
): { Component: LazyExoticComponent<ComponentType<PropsOf<Module[Name]>>>; preload: () => Promise<void> } {
  return {
    Component: lazy(async () => ({ default: (await load())[name] as ComponentType<PropsOf<Module[Name]>> })),
    preload: () =>
      load().then(
        () => undefined,
        () => undefined,
      ),
  };
}
