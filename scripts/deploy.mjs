// @ts-check
// `npm run deploy -- <remote> [--to <dir|azblob://container/prefix>] [--source <dir> | --no-build | --dist <dir>] [--source-maps <dir>]`:
// the command line of scripts/lib/deploy-remote.mjs, which builds one remote (or takes the build
// `npm run build` made) and publishes it as an immutable version.
import { PackageBinError } from '../rspack/package-bin.mjs';
import { UsageError, parseCli, runCli } from './lib/cli.mjs';
import { deploy } from './lib/deploy-remote.mjs';
import { remoteApps } from './lib/workspace.mjs';

const USAGE = `usage: npm run deploy -- <remote> [--to <dir|URL>] [--source <dir> | --no-build | --dist <dir>]
                            [--source-maps <dir>]
  <remote>             ${remoteApps()
    .map((app) => app.name)
    .join(', ')} (or its package name)
  --to <dir|URL>       where versions are published: <dir>/<package>/<version>/ (default .deploy), or
                       azblob://<container>/<prefix> (Azure Blob Storage; credentials from
                       AZURE_STORAGE_CONNECTION_STRING)
  --source <dir>       the remote's folder to build (default: the workspace's)
  --no-build           publish the remote's dist/ as "npm run build" left it, without building again;
                       refused if it was built at another version than its package.json says
  --dist <dir>         publish the build in <dir> (a dist/ or a copy of one) as the version it was
                       built at (its mf-manifest.json's buildVersion), without building
  --source-maps <dir>  where the version's source maps go (default: <to>-sourcemaps, beside the deploy)
  -h, --help           this help`;

runCli(
  'deploy',
  () => {
    const { values, positionals } = parseCli({
      usage: USAGE,
      allowPositionals: true,
      options: {
        to: { type: 'string' },
        source: { type: 'string' },
        'no-build': { type: 'boolean' },
        dist: { type: 'string' },
        'source-maps': { type: 'string' },
      },
    });
    if (positionals.length === 0)
      throw new UsageError(
        `which remote? (${remoteApps()
          .map((app) => app.name)
          .join(', ')})`,
      );
    if (positionals.length > 1) throw new UsageError(`one remote at a time (got ${positionals.join(', ')})`);
    return deploy({
      remote: positionals[0],
      to: values.to,
      source: values.source,
      dist: values.dist,
      noBuild: values['no-build'] ?? false,
      sourceMaps: values['source-maps'],
    }).then(() => 0);
  },
  { known: [PackageBinError] },
);
