import '@devhub/shared/tokens.css';
import { renderStandalone } from '@devhub/shared/standalone-frame';

renderStandalone('auth', (file) => import(`./exposes/${file}.tsx`));
