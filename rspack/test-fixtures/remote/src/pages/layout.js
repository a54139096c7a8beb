import { PAGE_LAYOUTS } from 'app-shared/contract';
import { view } from 'ui-kit';

export function layout(title, body) {
  return view(PAGE_LAYOUTS[0], title, body);
}
