/** A call's refusal as the payment tests read it: the app error code and the message. */
import { ConnectError } from '@connectrpc/connect';
import { ERROR_CODE_HEADER } from '@tessera/kit';

export async function failure(p: Promise<unknown>): Promise<{ app: string | null; message: string }> {
  try {
    await p;
  } catch (err) {
    const ce = ConnectError.from(err);
    return { app: ce.metadata.get(ERROR_CODE_HEADER), message: ce.rawMessage };
  }
  throw new Error('expected a failure');
}
