/**
 * MongoDB query filters for the embedded store, compiled once per call into a predicate.
 *
 * Supported: field equality (dotted paths, matching inside arrays as MongoDB does), $eq, $ne, $gt,
 * $gte, $lt, $lte, $in, $nin, $exists, $regex (+ $options i/m/s), $and, $or. Anything else is refused
 * with InvalidOperationError before any document is looked at, so a typo never silently matches all.
 *
 * Semantics (MongoDB's): a condition on a path holds when it holds for any value the path reaches,
 * and for an array value also when it holds for any element; `{x: null}` matches null and missing;
 * $ne and $nin are the negations of $eq and $in (so they match missing fields); comparisons only
 * compare values of the same type bracket (a string is never $gt a number).
 */
import { InvalidOperationError } from './errors.js';
import { collectValues, splitPath } from './paths.js';
import { compareValues, deepEqual, isPlainObject, toStorable, typeRank, type Json } from './values.js';

export type DocPredicate = (doc: unknown) => boolean;
type ValuePredicate = (v: unknown) => boolean;
type ValuesPredicate = (values: unknown[]) => boolean;

const SUPPORTED = '$eq, $ne, $gt, $gte, $lt, $lte, $in, $nin, $exists, $regex, $options, $and, $or';

/** Compiles a filter document; throws InvalidOperationError for anything outside the subset. */
export function compileFilter(filter: unknown): DocPredicate {
  if (!isPlainObject(filter)) throw new InvalidOperationError('a filter must be a plain object');
  const clauses: DocPredicate[] = [];
  for (const key of Object.keys(filter)) {
    const cond = filter[key];
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(cond) || cond.length === 0)
        throw new InvalidOperationError(`${key} needs a non-empty array of filters`);
      const parts = cond.map((f) => compileFilter(f));
      clauses.push(key === '$and' ? (d) => parts.every((m) => m(d)) : (d) => parts.some((m) => m(d)));
    } else if (key.startsWith('$')) {
      throw new InvalidOperationError(`unsupported top-level operator ${key} (supported: ${SUPPORTED})`);
    } else {
      const parts = splitPath(key);
      const pred = compileCondition(cond, key);
      clauses.push((d) => pred(collectValues(d, parts)));
    }
  }
  if (clauses.length === 1) return clauses[0] as DocPredicate;
  return (d) => clauses.every((c) => c(d));
}

/** True for `{ $op: ... }` objects (operator expressions) as opposed to literal embedded documents. */
export function isOperatorObject(v: unknown): v is Record<string, unknown> {
  if (!isPlainObject(v)) return false;
  const keys = Object.keys(v);
  return keys.length > 0 && (keys[0] as string).startsWith('$');
}

/** The condition on one path: a literal (equality), a RegExp, or an operator object. */
export function compileCondition(cond: unknown, where: string): ValuesPredicate {
  if (cond instanceof RegExp) return anyValue(regexPredicate(cond, undefined, where));
  if (!isOperatorObject(cond)) return anyValue(equals(literal(cond, where)));
  const preds: ValuesPredicate[] = [];
  for (const op of Object.keys(cond)) {
    const arg = cond[op];
    switch (op) {
      case '$eq':
        preds.push(anyValue(equals(literal(arg, `${where}.$eq`))));
        break;
      case '$ne': {
        const eq = anyValue(equals(literal(arg, `${where}.$ne`)));
        preds.push((vs) => !eq(vs));
        break;
      }
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        preds.push(anyValue(comparison(op, literal(arg, `${where}.${op}`))));
        break;
      case '$in':
        preds.push(anyValue(inList(arg, `${where}.$in`)));
        break;
      case '$nin': {
        const inl = anyValue(inList(arg, `${where}.$nin`));
        preds.push((vs) => !inl(vs));
        break;
      }
      case '$exists': {
        const want = Boolean(arg);
        preds.push((vs) => vs.some((v) => v !== undefined) === want);
        break;
      }
      case '$regex':
        preds.push(anyValue(regexPredicate(arg, cond.$options, where)));
        break;
      case '$options':
        if (!Object.prototype.hasOwnProperty.call(cond, '$regex'))
          throw new InvalidOperationError(`${where}: $options needs $regex`);
        break;
      default:
        if (!op.startsWith('$'))
          throw new InvalidOperationError(
            `${where}: cannot mix operators and fields ('${op}') in one condition`,
          );
        throw new InvalidOperationError(`${where}: unsupported operator ${op} (supported: ${SUPPORTED})`);
    }
  }
  if (preds.length === 1) return preds[0] as ValuesPredicate;
  return (vs) => preds.every((p) => p(vs));
}

/** A literal operand: storable JSON; `undefined` means null (as the MongoDB driver sends it). */
function literal(v: unknown, where: string): Json {
  if (v === undefined) return null;
  return toStorable(v, where);
}

/** Holds when `pred` holds for a value, or for an element of an array value. */
function anyValue(pred: ValuePredicate): ValuesPredicate {
  return (values) => {
    for (const v of values) {
      if (pred(v)) return true;
      if (Array.isArray(v)) for (const item of v) if (pred(item)) return true;
    }
    return false;
  };
}

function equals(x: Json): ValuePredicate {
  if (x === null) return (v) => v === null || v === undefined;
  if (typeof x !== 'object') return (v) => v === x;
  return (v) => deepEqual(v, x);
}

function comparison(op: '$gt' | '$gte' | '$lt' | '$lte', x: Json): ValuePredicate {
  if (x === null) return op === '$gte' || op === '$lte' ? equals(null) : () => false;
  const rank = typeRank(x);
  const test =
    op === '$gt'
      ? (c: number) => c > 0
      : op === '$gte'
        ? (c: number) => c >= 0
        : op === '$lt'
          ? (c: number) => c < 0
          : (c: number) => c <= 0;
  return (v) => v !== undefined && v !== null && typeRank(v) === rank && test(compareValues(v, x));
}

function inList(arg: unknown, where: string): ValuePredicate {
  if (!Array.isArray(arg)) throw new InvalidOperationError(`${where} needs an array`);
  const preds = arg.map((x, i) =>
    x instanceof RegExp ? regexPredicate(x, undefined, `${where}.${i}`) : equals(literal(x, `${where}.${i}`)),
  );
  return (v) => preds.some((p) => p(v));
}

/** A regex predicate for `$regex` (string or RegExp) with MongoDB's `$options` letters i, m and s. */
export function regexPredicate(pattern: unknown, options: unknown, where: string): ValuePredicate {
  let source: string;
  let flags = '';
  if (pattern instanceof RegExp) {
    source = pattern.source;
    flags = pattern.flags.replace(/[gyd]/g, '');
  } else if (typeof pattern === 'string') {
    source = pattern;
  } else {
    throw new InvalidOperationError(`${where}: $regex needs a string or a RegExp`);
  }
  if (options !== undefined) {
    if (typeof options !== 'string') throw new InvalidOperationError(`${where}: $options must be a string`);
    for (const letter of options)
      if (!'ims'.includes(letter))
        throw new InvalidOperationError(
          `${where}: unsupported $options letter '${letter}' (supported: i, m, s)`,
        );
    flags = [...new Set(flags + options)].join('');
  }
  let re: RegExp;
  try {
    re = new RegExp(source, flags);
  } catch (err) {
    throw new InvalidOperationError(`${where}: invalid regular expression: ${(err as Error).message}`);
  }
  return (v) => typeof v === 'string' && re.test(v);
}

/**
 * The equality conditions of a filter (top level and inside $and), as [path, value] pairs: what an
 * upsert copies into the document it inserts.
 */
export function equalitySeed(filter: Record<string, unknown>): Array<[string, Json]> {
  const out: Array<[string, Json]> = [];
  for (const key of Object.keys(filter)) {
    const cond = filter[key];
    if (key === '$and' && Array.isArray(cond)) {
      for (const f of cond) if (isPlainObject(f)) out.push(...equalitySeed(f));
    } else if (!key.startsWith('$')) {
      if (cond instanceof RegExp) continue;
      if (isOperatorObject(cond)) {
        if (Object.prototype.hasOwnProperty.call(cond, '$eq')) out.push([key, literal(cond.$eq, key)]);
      } else {
        out.push([key, literal(cond, key)]);
      }
    }
  }
  return out;
}

/**
 * The scalar a top-level field must equal for the filter to match (`{f: 'x'}` or `{f: {$eq: 'x'}}`),
 * used to look documents up by `_id` or a unique index instead of scanning.
 */
export function scalarEquality(
  filter: Record<string, unknown>,
  field: string,
): string | number | boolean | undefined {
  if (!Object.prototype.hasOwnProperty.call(filter, field)) return undefined;
  let cond = filter[field];
  if (isOperatorObject(cond) && Object.prototype.hasOwnProperty.call(cond, '$eq')) cond = cond.$eq;
  if (typeof cond === 'string' || typeof cond === 'boolean') return cond;
  if (typeof cond === 'number' && Number.isFinite(cond)) return cond;
  return undefined;
}

/**
 * The scalars a top-level field must be one of for the filter to match (`{f: {$in: [...]}}` with
 * strings, finite numbers and booleans only), used like scalarEquality to read only the documents an
 * index holds for them.
 */
export function scalarIn(
  filter: Record<string, unknown>,
  field: string,
): (string | number | boolean)[] | undefined {
  if (!Object.prototype.hasOwnProperty.call(filter, field)) return undefined;
  const cond = filter[field];
  if (!isOperatorObject(cond) || !Array.isArray(cond.$in)) return undefined;
  const values = cond.$in as unknown[];
  for (const v of values)
    if (!(typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))))
      return undefined;
  return values as (string | number | boolean)[];
}
