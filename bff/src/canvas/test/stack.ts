/** The BFF in front of a real canvas service and renderer (HTTP/2 on port 0), all on one bus. */
import { forSuite } from '@tessera/kit/testing';
import { startCanvasStack, type CanvasStack } from '@tessera/renderer/testing';
import { startBff, type RunningBff } from '../../auth/test/app.js';
import type { RouteModule } from '../../routes/index.js';
import { createInProcessBus } from '@tessera/embedded';

export interface BffStack {
  stack: CanvasStack;
  bff: RunningBff;
  close(): Promise<void>;
}

export async function startBffStack(opts: { extraModules?: RouteModule[] } = {}): Promise<BffStack> {
  const bus = createInProcessBus();
  const stack = await startCanvasStack({ bus });
  const bff = await startBff(
    { canvas: stack.canvasUrl, renderer: stack.rendererUrl },
    { deps: { bus }, extraModules: opts.extraModules },
  );
  return {
    stack,
    bff,
    async close() {
      await bff.close();
      await stack.close();
      await bus.close();
    },
  };
}

/** A BffStack that tests share, with the index of its active canvas. */
export interface SharedBffStack extends Omit<BffStack, 'close'> {
  canvasIndex: number;
  /** A GET of `path` from the BFF. */
  get(path: string, headers?: Record<string, string>): Promise<Response>;
}

/**
 * A BffStack for the tests of the enclosing file or describe block: started before their first test
 * (60 s allowed) and closed after their last. Its fields can be read while those tests run.
 */
export function sharedBffStack(opts: { extraModules?: RouteModule[] } = {}): SharedBffStack {
  const started = forSuite(() => startBffStack(opts));
  return {
    get stack() {
      return started.stack;
    },
    get bff() {
      return started.bff;
    },
    get canvasIndex() {
      return started.stack.canvasIndex;
    },
    get: (path, headers = {}) => fetch(`${started.bff.base}${path}`, { headers }),
  };
}
