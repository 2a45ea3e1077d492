/** The BFF in front of a real canvas service and renderer (HTTP/2 on port 0), all on one bus. */
import { createInProcessBus } from '@tessera/kit';
import { startCanvasStack, type CanvasStack } from '@tessera/renderer/testing';
import { startBff, type RunningBff } from '../../auth/test/app.js';
import type { RouteModule } from '../../routes/index.js';

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
