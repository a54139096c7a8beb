import { pageFiles } from '../remotes/remote-files.js';

/** A prerendered page's first load, in its island: read by the page's warm-up (warm-up.js). */
export interface FirstLoadPlan {
  /** The remote's manifest, as the registry pins it. */
  manifest: string;
  /** What its page needs (remote-files.js pageFiles), each file as the page finds it. */
  files: ReturnType<typeof pageFiles>;
}

const STAND_IN_FOLDER = 'https://remote.invalid/';

/**
 * The files `expose` of a pinned remote needs on a first load, as the browser's warm-up would read
 * them from its manifest (`pinned`: with the digests it lists), so a prerendered page hints them
 * without fetching the manifest first. The manifest's files are resolved against a stand-in folder,
 * then put in `publicPath`, the folder the browser finds them in.
 */
export function firstLoadPlan(
  remote: { pin: string; manifest: unknown; publicPath: string; verified?: boolean | undefined },
  expose: string,
  shellShared: Record<string, string[]>,
): FirstLoadPlan {
  const located = (url: string) =>
    url.startsWith(STAND_IN_FOLDER) ? `${remote.publicPath}${url.slice(STAND_IN_FOLDER.length)}` : url;
  const files = pageFiles(remote.manifest, `${STAND_IN_FOLDER}mf-manifest.json`, expose, shellShared, remote.verified);
  // The digests of the files listed only: the manifest lists every file of the version, each compressed copy too.
  const listed = [...(files.entry ? [files.entry.url] : []), ...files.scripts, ...files.styles];
  const integrity = Object.fromEntries(
    listed.flatMap((url) => (files.integrity[url] ? [[located(url), files.integrity[url]]] : [])),
  );
  return {
    manifest: remote.pin,
    files: {
      ...files,
      entry: files.entry && { ...files.entry, url: located(files.entry.url) },
      scripts: files.scripts.map(located),
      styles: files.styles.map(located),
      base: located(files.base),
      integrity,
    },
  };
}
