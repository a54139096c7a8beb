import '@devhub/shared/tokens.css';
import { renderStandalone } from '@devhub/shared/standalone-frame';
import { ROUTES } from './routes';

renderStandalone('catalog', ROUTES, (file) => import(`./exposes/${file}.tsx`));
