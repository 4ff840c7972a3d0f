/**
 * Starts the portal: reads the configuration once, builds the app, listens, and closes cleanly on
 * SIGINT/SIGTERM (close-with-grace → app.close(), which closes PGlite and releases its lock).
 * Prints where to open the portal and how to sign in, and names form-area folders left out as
 * broken. Only an unreadable SCHEMAS_DIR (AreaDiscoveryError) stops the start among the areas.
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { DataFolderLockedError } from './db/lock';
import { AreaDiscoveryError, describeAreaHealth, type AreaCatalogue } from './domains/areas';
import { AttachmentStoreUnavailableError } from './domains/attachments';
import { releaseStartGarbage } from './lib/start-garbage';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/data';

/** How long after listening the start's garbage is collected (lib/start-garbage.ts). */
const START_GARBAGE_DELAY_MS = 1_000;

function banner(config: AppConfig, areas: AreaCatalogue, ms: number): string {
  const lines = [``, `TM online portal is running at ${config.publicUrl}  (ready in ${ms} ms)`];
  // A broken folder never stops the start (docs/behaviour.md "Form areas"); say so where people look.
  const { loaded, broken } = describeAreaHealth(areas);
  if (broken.length) {
    lines.push(
      `Form areas serving: ${loaded}; left out as broken (see the log or /FormAreas): ${broken.map((b) => b.key).join(', ')}`,
    );
  }
  if (config.oidc.kind === 'builtin') {
    lines.push(`Sign in with one of these demo users, password "${DEMO_PASSWORD}":`);
    for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.username.padEnd(12)} ${account.name}`);
  } else {
    lines.push(`Sign-in: ${config.oidc.issuer}`);
  }
  lines.push(`API docs: ${config.publicUrl}/api/docs`, `Press Ctrl+C to stop.`, ``);
  return lines.join('\n');
}

function describeStartError(error: unknown, config: AppConfig | null): unknown {
  if (
    error instanceof ConfigError ||
    error instanceof AreaDiscoveryError ||
    error instanceof DataFolderLockedError ||
    error instanceof AttachmentStoreUnavailableError
  ) {
    return error.message;
  }
  if ((error as { code?: unknown }).code === 'EADDRINUSE' && config) {
    return `Port ${config.port} on ${config.host} is already in use: stop the other server or set PORT to another port.`;
  }
  return error;
}

async function main(): Promise<void> {
  const started = performance.now();
  let config: AppConfig | null = null;
  try {
    config = loadConfig();
    const building = buildApp(config);
    // Installed before the build finishes so a signal during start-up still closes PGlite cleanly.
    closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
      if (err) console.error('Closing after an unexpected error:', err);
      else console.log(`Received ${signal ?? 'close'}, closing…`);
      const app = await building.catch(() => null);
      if (!app) return;
      // Requests in flight get 5 s to finish; then the connections still open are dropped. A
      // browser's keep-alive sockets (the service worker's among them) otherwise held the server
      // past close-with-grace's 10 s, which ends it with exit code 1 (seen in the drop-in e2e).
      const force = setTimeout(() => app.server.closeAllConnections(), 5_000);
      force.unref();
      await app.close();
      clearTimeout(force);
    });
    const app = await building;
    await app.listen({ port: config.port, host: config.host }).catch(async (error: unknown) => {
      await app.close();
      throw error;
    });
    console.log(banner(config, app.areas, Math.round(performance.now() - started)));
    // What the start left behind is given back a second after the server listens, once its first
    // requests (a health check) are answered (`npm start` exposes gc; the collection takes ~0.2 s).
    setTimeout(releaseStartGarbage, START_GARBAGE_DELAY_MS).unref();
  } catch (error) {
    console.error(describeStartError(error, config));
    process.exit(1);
  }
}

void main();
