/**
 * MongoDB update documents for the embedded store, compiled (and fully validated) once per call,
 * then applied to a private copy of each matched document.
 *
 * Supported: $set, $unset, $inc, $push (value or {$each}), $pull (value, embedded-document query or
 * operator condition, as MongoDB), $addToSet (value or {$each}), $min, $max, and $setOnInsert (only
 * applied when an upsert inserts). Dotted paths everywhere. As with MongoDB: an update without
 * operators is refused (use replaceOne), two operators may not touch the same path or a path and its
 * prefix, `_id` can never change, $inc needs numbers, $push/$pull/$addToSet need arrays, and an
 * operator with an empty argument (`{$set: {}}`) is a no-op.
 */
import { InvalidOperationError } from './errors.js';
import { compileCondition, compileFilter, isOperatorObject, regexPredicate } from './filter.js';
import { getAt, pathsConflict, setAt, splitPath, unsetAt } from './paths.js';
import {
  cloneJson,
  compareValues,
  deepEqual,
  isPlainObject,
  toStorable,
  type Json,
  type JsonObject,
} from './values.js';

type Operator =
  '$set' | '$unset' | '$inc' | '$push' | '$pull' | '$addToSet' | '$min' | '$max' | '$setOnInsert';
const OPERATORS = new Set<string>([
  '$set',
  '$unset',
  '$inc',
  '$push',
  '$pull',
  '$addToSet',
  '$min',
  '$max',
  '$setOnInsert',
]);

interface Step {
  op: Operator;
  path: string;
  parts: string[];
  /** The operand ($set/$inc/$min/$max/$setOnInsert) or the items ($push/$addToSet). */
  value: Json;
  items: Json[];
  /** $pull: which elements go. */
  pull?: (item: Json) => boolean;
}

export interface CompiledUpdate {
  /**
   * Applies to `doc` (mutated): every value it changes, adds or removes lies under one of `roots`,
   * so only those top-level fields need to be private copies. `inserting` applies $setOnInsert too.
   */
  apply(doc: JsonObject, inserting: boolean): void;
  /** The top-level fields the update may touch (the first part of each path). */
  readonly roots: readonly string[];
}

export function compileUpdate(update: unknown): CompiledUpdate {
  if (!isPlainObject(update))
    throw new InvalidOperationError('an update must be a plain object of operators');
  const keys = Object.keys(update);
  if (keys.length === 0) throw new InvalidOperationError('an update needs at least one operator');
  const steps: Step[] = [];
  for (const op of keys) {
    if (!op.startsWith('$'))
      throw new InvalidOperationError(
        `an update must only contain operators ('${op}' is a field; use replaceOne)`,
      );
    if (!OPERATORS.has(op))
      throw new InvalidOperationError(
        `unsupported update operator ${op} (supported: ${[...OPERATORS].join(', ')})`,
      );
    const arg = update[op];
    if (!isPlainObject(arg)) throw new InvalidOperationError(`${op} needs an object of field paths`);
    for (const path of Object.keys(arg)) steps.push(compileStep(op as Operator, path, arg[path]));
  }
  for (let i = 0; i < steps.length; i++)
    for (let j = i + 1; j < steps.length; j++) {
      const a = steps[i] as Step;
      const b = steps[j] as Step;
      if (pathsConflict(a.path, b.path))
        throw new InvalidOperationError(`updating the path '${b.path}' would conflict with '${a.path}'`);
    }
  return {
    apply(doc, inserting) {
      for (const step of steps) applyStep(doc, step, inserting);
    },
    roots: [...new Set(steps.map((s) => s.parts[0] as string))],
  };
}

function compileStep(op: Operator, path: string, operand: unknown): Step {
  const parts = splitPath(path);
  const where = `${op}.${path}`;
  const step: Step = { op, path, parts, value: null, items: [] };
  switch (op) {
    case '$set':
    case '$setOnInsert':
    case '$min':
    case '$max':
      step.value = toStorable(operand, where);
      break;
    case '$unset':
      break;
    case '$inc':
      if (typeof operand !== 'number' || !Number.isFinite(operand))
        throw new InvalidOperationError(`${where}: $inc needs a finite number`);
      step.value = operand;
      break;
    case '$push':
    case '$addToSet':
      step.items = eachItems(operand, where, op);
      break;
    case '$pull':
      step.pull = pullPredicate(operand, where);
      break;
  }
  return step;
}

/** `value` or `{ $each: [values] }` ($slice, $sort and $position are not supported). */
function eachItems(operand: unknown, where: string, op: string): Json[] {
  if (isOperatorObject(operand)) {
    for (const k of Object.keys(operand))
      if (k !== '$each')
        throw new InvalidOperationError(`${where}: unsupported ${op} modifier ${k} (only $each)`);
    if (!Array.isArray(operand.$each)) throw new InvalidOperationError(`${where}: $each needs an array`);
    return operand.$each.map((v, i) => toStorable(v, `${where}.$each.${i}`));
  }
  return [toStorable(operand, where)];
}

function pullPredicate(operand: unknown, where: string): (item: Json) => boolean {
  if (operand instanceof RegExp) return regexPredicate(operand, undefined, where);
  if (isOperatorObject(operand)) {
    const cond = compileCondition(operand, where);
    return (item) => cond([item]);
  }
  if (isPlainObject(operand)) {
    // An embedded document is a query on each element (elements that are documents), as MongoDB does.
    const match = compileFilter(operand);
    return (item) => isPlainObject(item) && match(item);
  }
  const value = toStorable(operand, where);
  return (item) => deepEqual(item, value);
}

function applyStep(doc: JsonObject, step: Step, inserting: boolean): void {
  const { op, parts, path } = step;
  switch (op) {
    case '$setOnInsert':
      if (inserting) setAt(doc, parts, cloneJson(step.value), path);
      return;
    case '$set':
      setAt(doc, parts, cloneJson(step.value), path);
      return;
    case '$unset':
      unsetAt(doc, parts);
      return;
    case '$inc': {
      const cur = getAt(doc, parts);
      if (cur === undefined) return setAt(doc, parts, step.value, path);
      if (typeof cur !== 'number')
        throw new InvalidOperationError(`cannot apply $inc to '${path}', which holds a non-number`);
      const next = cur + (step.value as number);
      if (!Number.isFinite(next)) throw new InvalidOperationError(`$inc on '${path}' overflows`);
      return setAt(doc, parts, next, path);
    }
    case '$min':
    case '$max': {
      const cur = getAt(doc, parts);
      const c = cur === undefined ? 0 : compareValues(step.value, cur);
      if (cur === undefined || (op === '$min' ? c < 0 : c > 0))
        setAt(doc, parts, cloneJson(step.value), path);
      return;
    }
    case '$push':
    case '$addToSet': {
      const cur = getAt(doc, parts);
      if (cur !== undefined && !Array.isArray(cur))
        throw new InvalidOperationError(`cannot apply ${op} to '${path}', which is not an array`);
      const arr: Json[] = cur === undefined ? [] : cur;
      for (const item of step.items) {
        if (op === '$addToSet' && arr.some((x) => deepEqual(x, item))) continue;
        arr.push(cloneJson(item));
      }
      if (cur === undefined) setAt(doc, parts, arr, path);
      return;
    }
    case '$pull': {
      const cur = getAt(doc, parts);
      if (cur === undefined) return;
      if (!Array.isArray(cur))
        throw new InvalidOperationError(`cannot apply $pull to '${path}', which is not an array`);
      const pull = step.pull as (item: Json) => boolean;
      const kept = cur.filter((item) => !pull(item));
      if (kept.length !== cur.length) setAt(doc, parts, kept, path);
      return;
    }
  }
}
