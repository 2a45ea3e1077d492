// Gives the browser tests their base URL: TESSERA_BASE_URL when set (the full stack, as
// scripts/e2e.mjs runs it), otherwise a static server for web/dist on a free port.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startStaticServer } from './static-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const fromEnv = process.env.TESSERA_BASE_URL;
  if (fromEnv) {
    project.provide('baseUrl', fromEnv.replace(/\/$/, ''));
    return async () => {};
  }
  const server = await startStaticServer(path.join(root, 'web/dist'));
  console.log(`[e2e] TESSERA_BASE_URL not set: serving web/dist at ${server.url}`);
  project.provide('baseUrl', server.url);
  return () => server.close();
}
