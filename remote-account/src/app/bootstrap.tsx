import '@devhub/shared/tokens.css';
import { renderStandalone } from '@devhub/shared/standalone-frame';
import { ROUTES } from './routes';

renderStandalone('account', ROUTES, (file) => import(`./exposes/${file}.tsx`));
