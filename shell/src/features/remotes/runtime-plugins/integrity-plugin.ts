import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { Trust } from '../integrity';

function withAttributes<T extends HTMLElement>(element: T, attrs: Record<string, unknown> | undefined): T {
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (name === 'async' || name === 'defer') (element as unknown as Record<string, unknown>)[name] = value;
    else if (typeof value === 'string' && !element.getAttribute(name)) element.setAttribute(name, value);
  }
  return element;
}

/**
 * File integrity: every script and stylesheet the federation runtime creates for a verified remote
 * carries the digest its manifest lists (and `crossorigin`, which SRI needs), so the browser refuses
 * other bytes before they run or apply; everything else is created as the runtime would create it.
 */
export function integrityPlugin(trust: Pick<Trust, 'integrityFor'>): ModuleFederationRuntimePlugin {
  return {
    name: 'devhub-integrity',
    createScript({ url, attrs }) {
      const integrity = trust.integrityFor(url);
      if (!integrity) return undefined;
      const script = withAttributes(document.createElement('script'), attrs);
      script.type = attrs?.['type'] === 'module' ? 'module' : 'text/javascript';
      script.crossOrigin = 'anonymous';
      script.integrity = integrity;
      script.src = url;
      return script;
    },
    createLink({ url, attrs }) {
      const integrity = trust.integrityFor(url);
      if (!integrity) return undefined;
      const link = withAttributes(document.createElement('link'), attrs);
      link.crossOrigin = 'anonymous';
      link.integrity = integrity;
      link.href = url;
      return link;
    },
  };
}
