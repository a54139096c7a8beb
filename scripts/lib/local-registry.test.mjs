import { validateRegistry } from '@devhub/contracts/registry';
import { APPS } from './apps.mjs';
import { localRegistry } from './local-registry.mjs';

describe('the local registry', () => {
  const remotes = APPS.filter((app) => app.kind === 'remote');

  it('pins every remote of the workspace at its dev server, each a valid pin of the local environment', () => {
    const registry = localRegistry(remotes);
    expect(validateRegistry(registry).problems).toEqual([]);
    expect(Object.keys(registry.remotes)).toEqual(remotes.map((app) => app.id));
    expect(registry.remotes.catalog).toEqual({ entry: '//localhost:3001/mf-manifest.json' });
  });

  it('follows the ports a developer chose, and a remote the workspace gains', () => {
    const registry = localRegistry([...remotes, { id: 'forum', port: 3104 }]);
    expect(registry.remotes.forum).toEqual({ entry: '//localhost:3104/mf-manifest.json' });
    expect(registry.allowedOverrideOrigins).toContain('https://localhost:3104');
  });
});
