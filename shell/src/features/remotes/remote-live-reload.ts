/**
 * Development only: reloads the shell when a remote's dev server finishes a rebuild, so a
 * change in a remote's page shows in the shell without a manual reload. It listens to the
 * same websocket the remote's own live reload uses.
 */
export function reloadOnRemoteRebuild(entries: readonly string[]): void {
  for (const entry of entries) {
    const url = new URL(entry);
    // Only remotes served by a local dev server; the shell's own origin serves published builds.
    if (url.origin === window.location.origin) continue;
    if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') continue;
    connect(`ws://${url.host}/ws`);
  }
}

function connect(address: string, attempt = 0): void {
  const socket = new WebSocket(address);
  let rebuilding = false;
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { type?: string };
    if (message.type === 'invalid') rebuilding = true;
    if (message.type === 'ok' && rebuilding) window.location.reload();
  });
  // A remote restarted or started late: keep listening, with a growing pause.
  socket.addEventListener('close', () => {
    window.setTimeout(() => connect(address, attempt + 1), Math.min(30_000, 1000 * 2 ** attempt));
  });
}
