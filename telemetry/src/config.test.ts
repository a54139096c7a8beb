import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PORTS, readConfig } from './config.ts';

describe('readConfig', () => {
  it("takes the registry file from --registry or DEVHUB_REGISTRY_FILE, and the ports of the collector's package.json", () => {
    const config = readConfig({ DEVHUB_REGISTRY_FILE: '/tmp/remotes.json' }, []);
    expect(config).toMatchObject({
      registryFile: '/tmp/remotes.json',
      port: 4100,
      metricsPort: 9464,
      host: 'localhost',
      beaconsPerMinute: 60,
      trustedProxies: ['127.0.0.0/8', '::1/128'],
    });
    expect(readConfig({ DEVHUB_REGISTRY_FILE: '/tmp/a.json' }, ['--registry', '/tmp/b.json']).registryFile).toBe(
      '/tmp/b.json',
    );
  });

  it('reads figures from PROMETHEUS_URL, an http(s) URL without credentials, which it never repeats', () => {
    const env = { DEVHUB_REGISTRY_FILE: '/tmp/remotes.json' };
    expect(readConfig({ ...env, PROMETHEUS_URL: 'http://127.0.0.1:9090' }, []).prometheusUrl).toBe(
      'http://127.0.0.1:9090/',
    );
    expect(readConfig(env, []).prometheusUrl).toBeUndefined();
    for (const bad of ['127.0.0.1:9090', 'ftp://prometheus', 'https://user:secret@prometheus.internal'])
      expect(() => readConfig({ ...env, PROMETHEUS_URL: bad }, [])).toThrow(
        /^PROMETHEUS_URL must be an http\(s\) URL without credentials, such as http:\/\/127\.0\.0\.1:9090$/,
      );
  });

  it('keeps the metrics on this machine when HOST opens the beacons to a network', () => {
    const config = readConfig({ DEVHUB_REGISTRY_FILE: '/tmp/remotes.json', HOST: '0.0.0.0' }, []);
    expect(config).toMatchObject({ host: '0.0.0.0', metricsHost: 'localhost' });
    expect(readConfig({ DEVHUB_REGISTRY_FILE: '/tmp/r.json', METRICS_HOST: '10.0.0.5' }, []).metricsHost).toBe(
      '10.0.0.5',
    );
  });

  it('defaults to the ports its package.json gives npm start and preview', () => {
    // Jest runs tests as CommonJS, where __dirname is this folder.
    const { devhub } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8'));
    expect({ port: devhub.port, metricsPort: devhub.metricsPort }).toEqual(DEFAULT_PORTS);
  });

  it.each([
    [{}, [], /name the registry file/],
    [{ DEVHUB_REGISTRY_FILE: 'r.json', PORT: 'x' }, [], /PORT must be an integer between 0 and 65535/],
    [{ DEVHUB_REGISTRY_FILE: 'r.json', TELEMETRY_BEACONS_PER_MINUTE: '0' }, [], /TELEMETRY_BEACONS_PER_MINUTE/],
    [{ DEVHUB_REGISTRY_FILE: 'r.json', TELEMETRY_TRUSTED_PROXIES: 'proxy.local' }, [], /TELEMETRY_TRUSTED_PROXIES/],
    [{ DEVHUB_REGISTRY_FILE: 'r.json', LOG_LEVEL: 'loud' }, [], /LOG_LEVEL must be one of/],
    [{}, ['--registry'], /--registry/],
    [{ DEVHUB_REGISTRY_FILE: 'r.json' }, ['--port', '1'], /--port/],
  ])('refuses %p %p', (env, args, message) => {
    expect(() => readConfig(env, args)).toThrow(message);
  });
});
