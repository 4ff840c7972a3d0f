import { currentAnnouncements } from '../../../../shared/content';
import { useResource } from '../../../lib/use-resource';
import { fetchContentDb, localToday } from '../content-db';

/** Current announcements from the content database (HTML sanitised at build time), newest first. */
export function Announcements() {
  const db = useResource('content-db', () => fetchContentDb());
  if (db.status !== 'ready') return null;
  const items = currentAnnouncements(db.data, localToday());
  return (
    <section className="side-panel" aria-labelledby="announcements-title">
      <h2 id="announcements-title">Announcements</h2>
      {items.length === 0 ? <p>No announcements right now.</p> : null}
      {items.map((item) => (
        <article key={item.slug} className="announcement" aria-labelledby={`announcement-${item.slug}`}>
          <h3 id={`announcement-${item.slug}`}>{item.title}</h3>
          <p className="announcement__date">
            <time dateTime={item.date}>{item.date}</time>
          </p>
          {/* sanitised with sanitize-html when the database was built */}
          <div className="content-html" dangerouslySetInnerHTML={{ __html: item.html }} />
        </article>
      ))}
    </section>
  );
}
