import { lazy, type ComponentType } from 'react';
import { ModalLoadFailed, type ModalLoadFailedProps } from './ModalLoadFailed.tsx';

/**
 * A form modal in its own chunk, downloaded on first use (`preload` starts it early, e.g. on hover), so the
 * first screen of the portal does not carry the leaders' forms.
 */
export function lazyModal<P extends ModalLoadFailedProps>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load().catch(() => ModalLoadFailed as ComponentType<P>));
  const Component = lazy(async () => ({ default: await preload() }));
  return { Component, preload };
}
