/**
 * The argument rules that several services apply to the same request field, each with its one
 * message: a canvas index, a board index, a pixel, a user id, an order id, and the operator and
 * reason of an audited action. A rule answers the problem (the field, named as in the contracts'
 * snake_case, and the message) or null; each service turns a problem into its own error (the kit's
 * `appError`: MISSING_FIELD when the value is absent, else VALIDATION_ERROR). Pure: no I/O, no Node API.
 */
import {
  BOARD_SIZE,
  isBoardIndex,
  isCanvasIndex,
  isPixelCoordinate,
  MAX_CANVAS_INDEX,
  TOTAL_BOARDS,
} from './grid.js';
import { isOrderId, isUserId } from './ids.js';

/** A refused argument: which field, why, and whether it was simply absent. */
export interface InputProblem {
  field: string;
  message: string;
  /** The value was not given at all (empty): MISSING_FIELD rather than VALIDATION_ERROR. */
  missing?: true;
}

/** The operator who acts, in an audit entry: at most this many characters. */
export const OPERATOR_MAX = 100;
/** Why an operator acts, in an audit entry: this many characters at least and at most. */
export const REASON_MIN = 3;
export const REASON_MAX = 500;

/** True when `text` has no control character (C0 controls such as newline or tab, or DEL). */
export function isPrintableText(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f]/.test(text);
}

export function canvasIndexProblem(value: number): InputProblem | null {
  return isCanvasIndex(value)
    ? null
    : { field: 'canvas_index', message: `canvas_index must be an integer from 0 to ${MAX_CANVAS_INDEX}` };
}

export function boardIndexProblem(value: number): InputProblem | null {
  return isBoardIndex(value)
    ? null
    : { field: 'board_index', message: `board_index must be an integer from 0 to ${TOTAL_BOARDS - 1}` };
}

/** Pixel (x, y) of a board; `field` is the request field that carries it. */
export function pixelProblem(x: number, y: number, field: string): InputProblem | null {
  if (isPixelCoordinate(x) && isPixelCoordinate(y)) return null;
  return { field, message: `Pixel (${x}, ${y}) is outside the board (x and y are 0 to ${BOARD_SIZE - 1})` };
}

export function userIdProblem(value: string, field = 'user_id'): InputProblem | null {
  if (value === '') return { field, message: `${field} is required`, missing: true };
  return isUserId(value) ? null : { field, message: `${field} is not a valid user id` };
}

export function orderIdProblem(value: string, field = 'order_id'): InputProblem | null {
  if (value === '') return { field, message: `${field} is required`, missing: true };
  return isOrderId(value) ? null : { field, message: `${field} is malformed` };
}

/**
 * Who does an audited operator action and why (a moderation reset, a removal, a promotion): the
 * operator is required, at most OPERATOR_MAX printable characters; the reason, when the action takes
 * one, REASON_MIN to REASON_MAX characters. Both are judged trimmed, as they are stored.
 */
export function auditInputProblem(input: { operator: string; reason?: string }): InputProblem | null {
  const operator = input.operator.trim();
  if (!operator)
    return {
      field: 'operator',
      message: 'operator is required (who acts, for the audit log)',
      missing: true,
    };
  if (operator.length > OPERATOR_MAX || !isPrintableText(operator))
    return { field: 'operator', message: `operator must be 1 to ${OPERATOR_MAX} printable characters` };
  if (input.reason === undefined) return null;
  const reason = input.reason.trim();
  const message = `reason must be ${REASON_MIN} to ${REASON_MAX} characters (why, for the audit log)`;
  if (!reason) return { field: 'reason', message, missing: true };
  if (reason.length < REASON_MIN || reason.length > REASON_MAX) return { field: 'reason', message };
  return null;
}
