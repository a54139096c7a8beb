import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@devhub/shared/tokens.css';
import { App } from './app';
import { activateRegistry, failRegistry } from './federation/remote-loader';
import { fetchRegistry } from './federation/remote-registry';
import { createAppRouter } from './router';

async function start(): Promise<void> {
  try {
    activateRegistry(await fetchRegistry('/remotes.json'));
  } catch (error) {
    // The shell still renders: each remote route explains the registry problem in its content area.
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[shell] remotes.json: ${message}`);
    failRegistry(message);
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}

void start();
