/**
 * Browser side of `npm run bench:lighthouse`'s stock shell (bundled by scripts/lib/lighthouse-baseline.ts
 * with esbuild): a page's floor on this stack. React 19, react-router's data router and ky: a route
 * whose loader fetches one JSON record (`ticket.json`, AP's example) and draws its
 * heading and fields. No session, no layout, no styles: whatever the portal's pages do on top of
 * this costs more.
 */
import ky from 'ky';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, useLoaderData } from 'react-router';

type Ticket = { title: string; fields: [string, string][] };

function TicketPage() {
  const ticket = useLoaderData<Ticket>();
  return (
    <main>
      <h1>{ticket.title}</h1>
      <dl>
        {ticket.fields.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </main>
  );
}

const router = createBrowserRouter([
  {
    path: '/stock/shell',
    loader: () => ky.get('/stock/ticket.json').json<Ticket>(),
    Component: TicketPage,
    HydrateFallback: () => <p>Loading…</p>,
  },
]);
const container = document.getElementById('root');
if (!container) throw new Error('the page has no #root');
createRoot(container).render(<RouterProvider router={router} />);
