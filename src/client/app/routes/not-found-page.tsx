import { NotFound } from '../../components/not-found';

/** Catch-all route: the 404 page (spec §2). */
export default function NotFoundPage() {
  return <NotFound />;
}
