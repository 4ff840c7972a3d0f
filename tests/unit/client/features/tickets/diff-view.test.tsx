import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DiffView } from '../../../../../src/client/features/tickets/components/diff-view';

/** The text of each line of a rendered diff. */
function lines(diff: Parameters<typeof DiffView>[0]['diff']): string[] {
  const html = renderToStaticMarkup(<DiffView diff={diff} />);
  return [...html.matchAll(/<li>(.*?)<\/li>/g)].map((match) => (match[1] ?? '').replace(/<[^>]*>/g, ''));
}

describe('DiffView', () => {
  it('shows a list of files by their names, not as JSON', () => {
    const photo = { id: '4b8ec000-0000-4000-8000-000000000001', name: 'kitchen-leak.png', size: 70, mediaType: 'image/png' };
    const plan = { id: '4b8ec000-0000-4000-8000-000000000002', name: 'plan.pdf', size: 77, mediaType: 'application/pdf' };
    expect(lines({ data: { from: { photos: null }, to: { photos: [photo, plan] } } })).toEqual([
      'data.photos: — → kitchen-leak.png, plan.pdf',
    ]);
  });

  it('keeps other values as they were: text as is, lists of plain values as JSON', () => {
    expect(lines({ status: { from: 'New', to: 'Assigned' }, tags: { from: [], to: ['a', 'b'] } })).toEqual([
      'status: New → Assigned',
      'tags: [] → [&quot;a&quot;,&quot;b&quot;]',
    ]);
  });
});
