import '@devhub/shared/tokens.css';
import { renderStandalone } from '@devhub/shared/standalone-frame';
import { ROUTES } from './routes';

renderStandalone('auth', ROUTES, (file) => import(`./exposes/${file}.tsx`));
