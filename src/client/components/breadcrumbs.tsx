import { Link } from 'react-router';

/** One step of a breadcrumb trail; the last step (the current page) has no link. */
export type Crumb = { label: string; to?: string };

/** A breadcrumb trail (`nav` landmark labelled "Breadcrumb"); the current page is marked `aria-current`. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`}>
            {item.to && index < items.length - 1 ? (
              <Link to={item.to}>{item.label}</Link>
            ) : (
              <span aria-current={index === items.length - 1 ? 'page' : undefined}>{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
