/** Route module of every path no other route matches: the shared 404 page (see the placement rule in app/router.tsx). */
export { NotFound as default } from '../../components/not-found';
