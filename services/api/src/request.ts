/**
 * A request body as it arrives, before it is checked: the contract's field names, each of unknown
 * value. The BFF reads its bodies through this view, so a request field renamed in the contract
 * fails the BFF's typecheck where the field is read.
 */
export type Unchecked<T> = { readonly [K in keyof T]?: unknown };
