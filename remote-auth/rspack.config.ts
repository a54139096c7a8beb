import { createAppConfig } from '../rspack.config.base.ts';

export default createAppConfig(import.meta.dirname);
