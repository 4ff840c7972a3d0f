/**
 * Toast notifications (react-toastify): one container for the app with its swipe and
 * animation settings (swipe-dismiss 80 px, animation 300 ms — the duration is set in
 * styles/base.css, since react-toastify's Slide takes it from CSS). Its stylesheet comes as a CSS
 * file of the build: the default entry would inject it as a `<style>` element, which the app's
 * Content-Security-Policy refuses (docs/behaviour.md "Security headers").
 */
import { Slide, ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { swipeDismissPercent, TOAST_WIDTH_PX } from './toast-swipe';

export { toast } from 'react-toastify/unstyled';

/** The app's single `<ToastContainer>`: top-right, swipe by touch or mouse, slide in/out in 300 ms. */
export function ToastHost() {
  const viewport = typeof window === 'undefined' ? TOAST_WIDTH_PX : window.innerWidth;
  return (
    <ToastContainer
      position="top-right"
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
