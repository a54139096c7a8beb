import { createAppConfigs } from '../rspack.config.base.ts';
import { ROUTES } from './src/app/routes.ts';

export default createAppConfigs(import.meta.dirname, { routes: ROUTES });
