/**
 * Argument checks of the submission RPCs that follow the shared rules of @tessera/facts/inputs (a
 * user id as identity issues them, the operator and reason of an audited action), as INVALID_ARGUMENT
 * naming the field.
 */
import { auditInputProblem, userIdProblem } from '@tessera/facts/inputs';
import { refuseInput } from '@tessera/kit';

/**
 * A user id the request names, when it names one: an empty one is left to the call, for which it
 * means "nobody signed in" (UNAUTHORIZED, or no viewer) or a missing field.
 */
export function checkGivenUserId(value: string, field = 'user_id'): void {
  if (value !== '') refuseInput(userIdProblem(value, field));
}

/** Who does an operator action, and why when the action takes a reason. */
export function checkAudit(input: { operator: string; reason?: string }): void {
  refuseInput(auditInputProblem(input));
}
