/** What a call that must fail was refused with: one helper instead of a try/catch in every test file. */
import { ConnectError } from '@connectrpc/connect';
import { appErrorCode, appErrorField } from '../errors/app-error.js';

async function rejection(p: Promise<unknown>): Promise<unknown> {
  const outcome = await p.then(
    () => ({ ok: true as const }),
    (err: unknown) => ({ ok: false as const, err }),
  );
  if (outcome.ok) throw new Error('expected the call to fail');
  return outcome.err;
}

/** The error a call ended with, as a ConnectError; fails the test when the call succeeded. */
export async function rpcError(p: Promise<unknown>): Promise<ConnectError> {
  return ConnectError.from(await rejection(p));
}

/**
 * The application error code, message and field of the ConnectError a call was refused with; fails
 * the test when the call succeeded or failed with anything but a ConnectError.
 */
export async function refusal(
  p: Promise<unknown>,
): Promise<{ code: string | null; message: string; field: string | null }> {
  const err = await rejection(p);
  if (!(err instanceof ConnectError)) throw new Error(`expected a ConnectError, got ${String(err)}`);
  return {
    code: appErrorCode(err),
    message: err.rawMessage,
    field: appErrorField(err),
  };
}
