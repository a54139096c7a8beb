import '@devhub/shared/tokens.css';
import { renderStandalone } from '@devhub/shared/standalone-frame';

renderStandalone('account', (file) => import(`./exposes/${file}.tsx`));
