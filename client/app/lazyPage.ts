import { createElement, lazy, type ComponentType } from 'react';

export interface LazyPage<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Downloads the component; once it has arrived, renders draw it at once (no suspending). */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * A component downloaded when first drawn, so the first download carries only what the page being opened shows.
 * main.tsx preloads the opened page's own before hydrating, so the hydration meets the pre-rendered page in full
 * and never suspends on it.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  const Page = (props: P) => createElement(loaded ?? Suspending, props);
  return Object.assign(Page, { preload });
}
