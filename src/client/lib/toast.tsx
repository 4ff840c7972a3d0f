/**
 * Toast notifications (react-toastify): one container for the app with its swipe and
 * animation settings (swipe-dismiss 80 px, animation 300 ms — the duration is set in
 * styles/base.css, since react-toastify's Slide takes it from CSS). Its stylesheet comes as a CSS
 * file of the build (toastify.ts): the default entry would inject it as a `<style>` element, which
 * the app's Content-Security-Policy refuses (docs/behaviour.md "Security headers").
 *
 * react-toastify (about 9 KB gzip with its styles) is a chunk of its own, loaded by the first
 * toast: no page loads it to show nothing. A toast raised before the container is there waits in
 * react-toastify's own queue and shows when the container mounts. The service worker precaches
 * the chunk with the rest of the app, so toasts work offline too.
 */
import { useSyncExternalStore } from 'react';
import type * as ReactToastify from './toastify';
import { swipeDismissPercent, TOAST_WIDTH_PX } from './toast-swipe';

type Toastify = typeof ReactToastify;
type Kind = 'success' | 'error' | 'info' | 'warning';

let toastify: Toastify | undefined;
let loading: Promise<Toastify> | undefined;
const listeners = new Set<() => void>();

function loadToastify(): Promise<Toastify> {
  loading ??= import('./toastify').then(
    (module) => {
      toastify = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** What react-toastify's `toast.info` and its siblings take: the content and the toast's options. */
type ToastArgs = Parameters<Toastify['toast']['info']>;

function show(kind: Kind): (...args: ToastArgs) => void {
  return (...args) => {
    loadToastify().then(
      (module) => module.toast[kind](...args),
      (error: unknown) => console.error(`A toast (${kind}) could not be shown:`, error),
    );
  };
}

/** react-toastify's `toast.success`, `.error`, `.info`, `.warning` (alias `.warn`): content and options, no id returned. */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  warn: show('warning'),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => toastify;

/**
 * The app's single `<ToastContainer>` (bottom-left, where it covers neither a page's title nor
 * the ticket's side panel; swipe by touch or mouse, slide in/out in 300 ms),
 * rendered once the first toast has loaded react-toastify.
 */
export function ToastHost() {
  const module = useSyncExternalStore(subscribe, current, current);
  if (!module) return null;
  const { Slide, ToastContainer } = module;
  const viewport = typeof window === 'undefined' ? TOAST_WIDTH_PX : window.innerWidth;
  return (
    <ToastContainer
      position="bottom-left"
      autoClose={5000}
      draggable
      draggablePercent={swipeDismissPercent(viewport)}
      transition={Slide}
      newestOnTop
      closeOnClick={false}
      theme="colored"
    />
  );
}
