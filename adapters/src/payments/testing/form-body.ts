/**
 * Parses a form-encoded body in Stripe's bracket notation into nested objects and arrays:
 * `items[0][id]=si_1&metadata[userId]=u1&cancel_at_period_end=true` becomes
 * `{ items: [{ id: 'si_1' }], metadata: { userId: 'u1' }, cancel_at_period_end: 'true' }`.
 * Values stay strings (as Stripe receives them); a numeric key makes an array. For the fake Stripe server only.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = splitKey(rawKey);
    if (path.length === 0) continue;
    assign(root, path, value);
  }
  return root;
}

/** `a[b][0][c]` -> ['a', 'b', '0', 'c']; `a[]` appends, written as ''. */
function splitKey(key: string): string[] {
  const head = /^[^[]*/.exec(key)?.[0] ?? '';
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
  return head === '' ? [] : [head, ...rest];
}

type Container = FormObject | FormValue[];

function assign(root: FormObject, path: string[], value: string): void {
  let node: Container = root;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const last = i === path.length - 1;
    const nextIsIndex = !last && /^\d*$/.test(path[i + 1]!);
    if (Array.isArray(node)) {
      const index: number = key === '' ? node.length : Number(key);
      if (last) node[index] = value;
      else node = node[index] = child(node[index], nextIsIndex);
    } else {
      if (isUnsafeKey(key)) return;
      if (last) node[key] = value;
      else node = node[key] = child(node[key], nextIsIndex);
    }
  }
}

function child(existing: FormValue | undefined, asArray: boolean): Container {
  if (asArray && Array.isArray(existing)) return existing;
  if (!asArray && existing !== undefined && typeof existing === 'object' && !Array.isArray(existing))
    return existing;
  return asArray ? [] : {};
}

function isUnsafeKey(key: string): boolean {
  return key === '__proto__' || key === 'constructor' || key === 'prototype';
}

/** The string at a parsed key, or undefined. */
export function formString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The object at a parsed key, or an empty object. */
export function formObject(value: unknown): FormObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as FormObject) : {};
}

/** The array at a parsed key without holes, or an empty array. */
export function formArray(value: unknown): FormValue[] {
  return Array.isArray(value) ? value.filter((v) => v !== undefined) : [];
}

/** The string entries of the object at a parsed key (a metadata hash). */
export function formStrings(value: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(formObject(value)).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}
