import { REMOTE_NAMES, type RemoteModuleId } from '@devhub/shared/remote-contract';

/** Whether a request the runtime serves is a page of one of the shell's remotes ('catalog/HomePage'). */
export const isPageId = (id: string): id is RemoteModuleId => REMOTE_NAMES.some((name) => id.startsWith(`${name}/`));
