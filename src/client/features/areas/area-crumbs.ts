/** Breadcrumb trails of the area pages: Form catalogue › [parent area › parent number ›] area › … */
import type { Crumb } from '../../components/breadcrumbs';
import { areaDetailPath, areaListPath, paths } from '../../config/paths';
import type { AreaContext } from './area-route';

/**
 * The trail down to the area's list page, followed by `tail` (the current page last). The first
 * step says "Form catalogue", not "Forms", so it never shares an accessible name with the nav link.
 */
export function areaCrumbs(context: AreaContext, tail: Crumb[] = []): Crumb[] {
  const { area, parentArea, parentSubmission, location } = context;
  const crumbs: Crumb[] = [{ label: 'Form catalogue', to: paths.forms }];
  if (parentArea && parentSubmission) {
    crumbs.push({ label: parentArea.title, to: areaListPath({ area: parentArea.key }) });
    crumbs.push({ label: parentSubmission.number, to: areaDetailPath({ area: parentArea.key }, parentSubmission.id) });
  }
  crumbs.push({ label: area.title, to: areaListPath(location) });
  return [...crumbs, ...tail];
}
