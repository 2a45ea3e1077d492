/**
 * Argument checks of the submission RPCs that follow the shared rules of @tessera/facts/inputs (a
 * user id as identity issues them, the operator and reason of an audited action), as INVALID_ARGUMENT
 * naming the field.
 */
import { auditInputProblem, userIdProblem, type InputProblem } from '@tessera/facts/inputs';
import { appError } from '@tessera/kit';

/** Throws a refused argument as INVALID_ARGUMENT naming its field (MISSING_FIELD when it was empty). */
function refuse(p: InputProblem | null): asserts p is null {
  if (p) throw appError(p.missing ? 'MISSING_FIELD' : 'VALIDATION_ERROR', p.message, { field: p.field });
}

/**
 * A user id the request names, when it names one: an empty one is left to the call, for which it
 * means "nobody signed in" (UNAUTHORIZED, or no viewer) or a missing field.
 */
export function checkGivenUserId(value: string, field = 'user_id'): void {
  if (value !== '') refuse(userIdProblem(value, field));
}

/** Who does an operator action, and why when the action takes a reason. */
export function checkAudit(input: { operator: string; reason?: string }): void {
  refuse(auditInputProblem(input));
}
