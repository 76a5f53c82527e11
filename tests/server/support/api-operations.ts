// The operations of the API as its OpenAPI document lists them, for the contract-wide tests
// (permission matrix, bad input). Built from an app that is declared but never called, so test
// cases can be generated per operation before any database exists.
import { declaredApiDocument } from '../../../src/server/api-document.ts';
import type { openApiDocument } from '../../../src/server/app.ts';
import { testEnv } from './test-app.ts';

export type SchemaObject = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  allOf?: SchemaObject[];
  maxLength?: number;
  [key: string]: unknown;
};

type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: SchemaObject;
};

export type Operation = {
  method: string;
  path: string;
  access?: string;
  permissions: string[];
  parameters: Parameter[];
  jsonBody?: SchemaObject;
  multipartBody?: SchemaObject;
  bodyRequired: boolean;
};

export type OpenApiDocument = ReturnType<typeof openApiDocument>;

export function buildDocument(): OpenApiDocument {
  return declaredApiDocument(testEnv());
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function listOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, any>)[method];
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        access: op['x-access'],
        permissions: op['x-permissions'] ?? [],
        parameters: (op.parameters ?? []) as Parameter[],
        jsonBody: content['application/json']?.schema,
        multipartBody: content['multipart/form-data']?.schema,
        bodyRequired: Boolean(op.requestBody?.required),
      });
    }
  }
  return operations;
}

/** Follows a local $ref (#/components/schemas/X) to its schema. */
export function resolveSchema(document: OpenApiDocument, schema: SchemaObject | undefined): SchemaObject | undefined {
  let current = schema;
  const seen = new Set<string>();
  while (current?.$ref && !seen.has(current.$ref)) {
    seen.add(current.$ref);
    const name = current.$ref.replace('#/components/schemas/', '');
    current = (document.components?.schemas as Record<string, SchemaObject> | undefined)?.[name];
  }
  return current;
}

/** The path with every {param} replaced. */
export function fillPath(path: string, value: (name: string) => string): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(value(name)));
}

export const operationName = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;
