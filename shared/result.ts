// The one in-process outcome shape: a value, or why there is none. It never crosses a process as
// is: the broker protocol's replies and the tools' answers keep their own schemas.

export type Ok<T> = { ok: true; value: T };
export type Err<E> = { ok: false; error: E };
export type Result<T, E> = Ok<T> | Err<E>;

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

export function err<E>(error: E): Err<E> {
  return { ok: false, error };
}
