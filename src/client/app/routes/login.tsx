/** Route module of `/login` and `/Login` (see the placement rule in app/router.tsx). */
export { LoginPage as default } from '../../features/auth/components/login-page';
