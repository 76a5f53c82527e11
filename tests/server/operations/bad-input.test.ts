import { describe, expect, it } from 'vitest';
import {
  buildDocument,
  fillPath,
  listOperations,
  operationName,
  resolveSchema,
  type Operation,
  type OpenApiDocument,
  type SchemaObject,
} from '../support/api-operations.ts';
import { useTestApp, type TestResponse } from '../support/test-app.ts';

// Every operation, called by the administrator with several kinds of bad input, must answer 4xx
// (bad input never gives a 5xx), and its JSON error answers must be the envelope.

const t = useTestApp();
const document = buildDocument();
const operations = listOperations(document);

const HUGE = 'x'.repeat(30_000);
const typeOf = (schema: SchemaObject | undefined) =>
  Array.isArray(schema?.type) ? schema.type.find((x) => x !== 'null') : schema?.type;

/** A value of the wrong type for the schema. */
function wrongValue(doc: OpenApiDocument, raw: SchemaObject | undefined): unknown {
  const schema = resolveSchema(doc, raw);
  switch (typeOf(schema)) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'not-a-number';
    case 'boolean':
      return 'maybe';
    case 'array':
      return { not: 'a list' };
    case 'object':
      return 'not-an-object';
    default:
      return { unexpected: true };
  }
}

/** The shape the schema asks for, with every string far too long. */
function hugeValue(doc: OpenApiDocument, raw: SchemaObject | undefined, depth = 0): unknown {
  const schema = resolveSchema(doc, raw);
  if (!schema || depth > 4) return HUGE;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return hugeValue(doc, alternatives[0], depth + 1);
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, hugeValue(doc, value, depth + 1)]),
      );
    case 'array':
      return [hugeValue(doc, schema.items, depth + 1)];
    case 'number':
    case 'integer':
      return 1e300;
    case 'boolean':
      return true;
    default:
      return HUGE;
  }
}

const isIdLike = (name: string) => /(^id$|Id$|^id[A-Z])/.test(name);

/** A harmless value for a parameter that is not the one under test. */
function plausible(doc: OpenApiDocument, raw: SchemaObject | undefined): string {
  const schema = resolveSchema(doc, raw);
  if (schema?.enum?.length) return String(schema.enum[0]);
  if (schema?.format === 'uuid') return '7c9e6679-7425-40de-944b-e07fc1f90ae7';
  if (schema?.format === 'date-time') return new Date().toISOString();
  if (schema?.format === 'date') return new Date().toISOString().slice(0, 10);
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') return '1';
  if (type === 'boolean') return 'true';
  return '1';
}

const INJECTION = "1'; DROP TABLE app_user;--";

/**
 * Bad values for one parameter, by its declared type. Free text may legitimately find nothing
 * (a 200), so text that merely looks hostile only has to avoid a 5xx; the rest must be refused.
 */
function badValues(
  doc: OpenApiDocument,
  name: string,
  raw: SchemaObject | undefined,
): { value: string; mustRefuse: boolean }[] {
  const declared = resolveSchema(doc, raw);
  // A parameter that takes one value or a list is judged by its single form.
  const schema = resolveSchema(doc, declared?.anyOf?.[0] ?? declared?.oneOf?.[0]) ?? declared;
  const type = typeOf(schema);
  const isFreeText = type === 'string' && !schema?.enum && !schema?.format && !isIdLike(name);
  const refused = (value: string) => ({ value, mustRefuse: true });
  const values = [{ value: INJECTION, mustRefuse: !isFreeText }, refused(HUGE.slice(0, 5000))];
  if (type === 'integer' || type === 'number' || isIdLike(name)) {
    values.push(...['abc', '99999999999999999999', '1e400', '1.5', 'NaN'].map(refused));
    if (isIdLike(name)) values.push(refused('-1'), refused('0'));
    if (name === 'limit' || name === 'offset') values.push(refused('-1'));
  }
  if (schema?.format === 'date-time' || schema?.format === 'date')
    values.push(refused('not-a-date'), refused('2026-13-45'));
  if (schema?.enum?.length) values.push(refused('NotOneOfThem'));
  if (type === 'boolean') values.push(refused('maybe'));
  return values;
}

type Attempt = { label: string; mustRefuse?: boolean; send: (token: string) => Promise<TestResponse> };

function attemptsFor(op: Operation): Attempt[] {
  const attempts: Attempt[] = [];
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const validPath = fillPath(op.path, (name) => plausible(document, pathParams.find((p) => p.name === name)?.schema));
  const requiredQuery = new URLSearchParams();
  for (const p of queryParams) if (p.required) requiredQuery.set(p.name, plausible(document, p.schema));
  const withQuery = (path: string, query: URLSearchParams) => (query.size ? `${path}?${query}` : path);
  const url = withQuery(validPath, requiredQuery);

  for (const param of pathParams) {
    for (const { value, mustRefuse } of badValues(document, param.name, param.schema)) {
      const path = fillPath(op.path, (name) =>
        name === param.name ? value : plausible(document, pathParams.find((p) => p.name === name)?.schema),
      );
      attempts.push({
        label: `path ${param.name}=${value.slice(0, 30)}`,
        mustRefuse,
        send: (token) => t.request(op.method, withQuery(path, requiredQuery), { token }),
      });
    }
  }
  for (const param of queryParams) {
    for (const { value, mustRefuse } of badValues(document, param.name, param.schema)) {
      const query = new URLSearchParams(requiredQuery);
      query.set(param.name, value);
      attempts.push({
        label: `query ${param.name}=${value.slice(0, 30)}`,
        mustRefuse,
        send: (token) => t.request(op.method, withQuery(validPath, query), { token }),
      });
    }
  }

  if (op.jsonBody) {
    const schema = resolveSchema(document, op.jsonBody);
    attempts.push({
      label: 'malformed JSON',
      send: (token) =>
        rawRequest(url, {
          method: op.method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: '{"unfinished": ',
        }),
    });
    attempts.push({
      label: 'text/plain body',
      send: (token) =>
        rawRequest(url, {
          method: op.method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
          body: 'hello',
        }),
    });
    for (const body of [[], 'just a string', 42, null, true]) {
      attempts.push({
        label: `body ${JSON.stringify(body)}`,
        send: (token) => t.request(op.method, url, { token, body: JSON.stringify(body) }),
      });
    }
    if (typeOf(schema) === 'object' && schema?.properties && Object.keys(schema.properties).length) {
      const wrong = Object.fromEntries(
        Object.entries(schema.properties).map(([key, value]) => [key, wrongValue(document, value)]),
      );
      attempts.push({ label: 'wrong types', send: (token) => t.request(op.method, url, { token, body: wrong }) });
      attempts.push({
        label: 'huge strings',
        send: (token) => t.request(op.method, url, { token, body: hugeValue(document, schema) }),
      });
    }
  }

  if (op.multipartBody) {
    attempts.push({
      label: 'empty multipart',
      send: (token) => t.request(op.method, url, { token, form: new FormData() }),
    });
    attempts.push({
      label: 'malformed multipart',
      send: (token) =>
        rawRequest(url, {
          method: op.method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=nope' },
          body: 'not multipart',
        }),
    });
    const texts = new FormData();
    for (const key of Object.keys(resolveSchema(document, op.multipartBody)?.properties ?? { file: {} })) {
      texts.append(key, HUGE);
    }
    attempts.push({
      label: 'text instead of files',
      send: (token) => t.request(op.method, url, { token, form: texts }),
    });
  }
  return attempts;
}

async function rawRequest(url: string, init: RequestInit): Promise<TestResponse> {
  return toResponse(await t.app.request(url, init));
}

async function toResponse(raw: Response): Promise<TestResponse> {
  const text = await raw.clone().text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: raw.status, body, headers: raw.headers, raw };
}

const cases = operations
  .map((op) => [operationName(op), op, attemptsFor(op)] as const)
  .filter(([, , attempts]) => attempts.length > 0);

describe('[BAD INPUT] every operation', () => {
  it('has bad inputs to try for most operations', () => {
    expect(cases.length).toBeGreaterThan(operations.length / 2);
  });

  it.each(cases)('%s', async (name, _op, attempts) => {
    const admin = await t.signInAsAdmin();
    const failures: string[] = [];
    for (const attempt of attempts) {
      const res = await attempt.send(admin);
      const isJson = res.headers.get('content-type')?.includes('application/json');
      const refused = res.status >= 400 && res.status < 500;
      const acceptable = refused || (attempt.mustRefuse === false && res.status < 400);
      if (!acceptable) {
        failures.push(`${attempt.label} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      } else if (refused && isJson && (res.body?.result !== false || typeof res.body?.message !== 'string')) {
        failures.push(
          `${attempt.label} → ${res.status} without the error envelope: ${JSON.stringify(res.body).slice(0, 200)}`,
        );
      }
    }
    expect(failures, `${name}:\n${failures.join('\n')}`).toEqual([]);
  });
});
