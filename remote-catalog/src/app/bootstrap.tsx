import '@devhub/shared/tokens.css';
import { renderStandalone } from '@devhub/shared/standalone-frame';

renderStandalone('catalog', (file) => import(`./exposes/${file}.tsx`));
