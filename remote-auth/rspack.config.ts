import { createAppConfigs } from '../rspack.config.base.ts';

export default createAppConfigs(import.meta.dirname);
