import { Link } from 'react-router';
import type { AreaSummary } from '../../../../shared/area';
import { areaListPath } from '../../../config/paths';
import type { CatalogueGroup } from '../catalogue';

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');
}

/**
 * The form catalogue: one `h2` per department, one card per area whose link (named by the area
 * title) opens the area's list; nested areas are listed inside their parent's card with a note,
 * linked to the parent's list (they are added from a parent record).
 */
export function AreaCatalogue({ groups }: { groups: CatalogueGroup[] }) {
  return (
    <div className="catalogue">
      {groups.map(({ group, entries }) => (
        <section key={group} className="catalogue__group" aria-labelledby={`group-${slug(group)}`}>
          <h2 id={`group-${slug(group)}`}>{group}</h2>
          <ul className="card-grid">
            {entries.map(({ area, children }) => (
              <li key={area.key} className="card">
                <h3 className="card__title">
                  <Link to={areaListPath({ area: area.key })} className="card__link">
                    {area.title}
                  </Link>
                </h3>
                {area.description ? <p className="card__text">{area.description}</p> : null}
                {children.length > 0 ? <NestedAreas parent={area} nested={children} /> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function NestedAreas({ parent, nested }: { parent: AreaSummary; nested: AreaSummary[] }) {
  return (
    <div className="card__nested">
      <p className="card__note">Added from a {parent.title.toLowerCase()} record:</p>
      <ul>
        {nested.map((child) => (
          <li key={child.key}>
            <Link to={areaListPath({ area: parent.key })} className="card__nested-link">
              {child.title}
            </Link>
            {child.description ? <span className="card__nested-text"> — {child.description}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
