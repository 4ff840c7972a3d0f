import { FormAreasPage } from '../../features/form-areas/components/form-areas-page';
import '../../features/form-areas/form-areas.css';

/** `/FormAreas`: the state of every form-area folder (route handle `anyScope: [ADMIN_SCOPE]`). */
export default function FormAreasRoute() {
  return <FormAreasPage />;
}
