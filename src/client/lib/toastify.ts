/**
 * react-toastify without its self-injecting stylesheet, plus that stylesheet as a CSS file of the
 * build: the chunk lib/toast.tsx loads with the first toast.
 */
import 'react-toastify/ReactToastify.css';

export { Slide, ToastContainer, toast } from 'react-toastify/unstyled';
