import type { z } from 'zod';

// Whether a form's schema requires a field: the one rule behind the red star on every form that
// uses it, so the star is shown exactly where the check would refuse an empty field.

type Node = z.core.$ZodType;

/** Through optional, nullable, default, catch and readonly wrappers to the schema they hold. */
function inner(schema: Node): Node {
  let node = schema;
  for (;;) {
    const def = node._zod.def as { type: string; innerType?: Node; in?: Node };
    if (def.innerType) node = def.innerType;
    else if (def.type === 'pipe' && def.in) node = def.in;
    else return node;
  }
}

/** The field at a dotted path of an object schema, or undefined when the schema has none. */
function fieldAt(schema: Node, path: string): Node | undefined {
  let node: Node | undefined = schema;
  for (const part of path.split('.')) {
    const object = inner(node) as { _zod: { def: { type: string; shape?: Record<string, Node> } } };
    if (object._zod.def.type !== 'object') return undefined;
    node = object._zod.def.shape?.[part];
    if (!node) return undefined;
  }
  return node;
}

/**
 * True when the schema refuses the field left out (undefined) or left empty (an empty box, ''):
 * what the form's check says after Save, said before it by the field's star.
 */
export function isRequiredField(schema: Node, path: string): boolean {
  const field = fieldAt(schema, path);
  if (!field) return false;
  const accepts = (value: unknown) => !(field['~standard'].validate(value) as { issues?: unknown[] }).issues?.length;
  return !accepts(undefined) && !accepts('');
}
