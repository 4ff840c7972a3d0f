/**
 * The pieces of the API fuzz test (tests/api/fuzz.test.ts): a seeded PRNG, a sample value for a
 * JSON Schema of the OpenAPI description, mutations of it into malformed bodies, a JSON writer
 * that can emit what `JSON.stringify` cannot (`1e309`, `-0`, duplicate keys, 5,000 levels of
 * nesting), and malformed multipart/form-data bodies (RFC 7578).
 */

/** A deterministic PRNG (mulberry32): the same seed gives the same requests. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    if (!items.length) throw new Error('pick from an empty list');
    return items[this.int(items.length)] as T;
  }
}

/** A uuid drawn from `rng` (version 4 layout), so generated ids repeat with the seed. */
export function fuzzUuid(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => rng.int(16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** A stable 32-bit hash of text (FNV-1a), to derive one seed per route from the run's seed. */
export function hashSeed(seed: number, text: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** JSON text written as is into a body (what JSON.stringify cannot produce). */
export class Raw {
  constructor(readonly text: string) {}
}

/** A JSON-like value whose leaves may be {@link Raw} tokens. */
export type FuzzValue = null | boolean | number | string | Raw | FuzzValue[] | { [key: string]: FuzzValue };

/** Writes `value` as JSON text; strings go through JSON.stringify (lone surrogates become `\ud800`). */
export function writeJson(value: FuzzValue): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(writeJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, child]) => `${JSON.stringify(key)}:${writeJson(child)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
};

/** Where sample values come from: real ids (so ids reach the database) and strings per pattern. */
export type SampleContext = { rng: Rng; ids: string[] };

const PATTERN_SAMPLES: Record<string, string[]> = {
  '^(?!0000|9999)[0-9]{4}-(0[1-9]|1[0-2])$': ['2025-01', '2025-02', '2024-12'],
  '^(?!0000)[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$': ['2025-01-15', '2025-02-28'],
};

function sampleString(schema: Schema, key: string, ctx: SampleContext): string {
  const { rng } = ctx;
  if (schema.format === 'uuid' || /id$/i.test(key)) return rng.chance(0.85) ? rng.pick(ctx.ids) : fuzzUuid(rng);
  if (schema.format === 'date') return '2025-01-20';
  if (schema.format === 'date-time' || /At$/.test(key)) return '2025-06-01T12:00:00.000Z';
  const samples = schema.pattern ? PATTERN_SAMPLES[schema.pattern] : undefined;
  if (samples) return rng.pick(samples);
  return `fuzz ${key} ${rng.int(1000)}`.slice(0, schema.maxLength ?? 200);
}

/** A value that satisfies `schema` as far as this small generator knows JSON Schema. */
export function sample(schema: Schema, ctx: SampleContext, key = '', depth = 0): FuzzValue {
  const { rng } = ctx;
  if (schema.const !== undefined) return schema.const as FuzzValue;
  if (schema.enum) return rng.pick(schema.enum) as FuzzValue;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return sample(rng.pick(branches), ctx, key, depth);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, FuzzValue> = {};
      for (const [name, child] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(name) || rng.chance(0.6)) out[name] = sample(child, ctx, name, depth + 1);
      }
      return out;
    }
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, rng.int(3));
      return Array.from({ length: count }, () => sample(schema.items ?? {}, ctx, key.replace(/s$/, ''), depth + 1));
    }
    case 'string':
      return sampleString(schema, key, ctx);
    case 'integer':
      return Math.max(schema.minimum ?? 0, 1 + rng.int(3));
    case 'number':
      return 1.5;
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    default:
      return depth > 2 ? 'x' : { text: 'x' };
  }
}

/** Values that every API must refuse with a 4xx (or store faithfully), never a 5xx. */
export function nastyValue(rng: Rng): FuzzValue {
  const deep = (levels: number) => new Raw(`${'['.repeat(levels)}${']'.repeat(levels)}`);
  const choices: (() => FuzzValue)[] = [
    () => null,
    () => true,
    () => 0,
    () => new Raw('-0'),
    () => -1,
    () => 1.5,
    () => 2147483648,
    () => -2147483649,
    () => new Raw('9223372036854775808'),
    () => new Raw('1e309'),
    () => new Raw('-1e309'),
    () => new Raw('1e-400'),
    () => '',
    () => ' ',
    () => '\u0000',
    () => 'a\u0000b',
    () => '\ud800',
    () => 'x\udfffy',
    () => '\ud83d\ude00',
    () => '\u202e\ufeff',
    () => 'x'.repeat(rng.pick([65, 201, 5_000, 70_000])),
    () => '0000-01-01',
    () => '+275760-09-13T00:00:00.000Z',
    () => '-000001-01-01T00:00:00Z',
    () => '2025-02-30',
    () => '9999-12-31T23:59:59.999Z',
    () => 'NaN',
    () => '1e309',
    () => '00000000-0000-0000-0000-000000000000',
    () => fuzzUuid(rng).toUpperCase(),
    () => 'me',
    () => "'; drop table users; --",
    () => '%00',
    () => [],
    () => [null],
    () => Array.from({ length: 300 }, (_, i) => i),
    () => ({}),
    () => ({ '\u0000': 1 }),
    () => new Raw('{"__proto__":{"x":1}}'),
    () => new Raw('{"constructor":{"prototype":{"x":1}}}'),
    () => new Raw('{"a":1,"a":"\\u0000"}'),
    () => deep(rng.pick([63, 65, 200, 5_000])),
  ];
  return rng.pick(choices)();
}

/** The JSON Pointer-like paths (as key lists) of every node of `value`. */
function nodePaths(value: FuzzValue, path: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(path);
  if (value instanceof Raw || value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) value.forEach((child, i) => nodePaths(child, [...path, i], out));
  else for (const [key, child] of Object.entries(value)) nodePaths(child, [...path, key], out);
  return out;
}

function parentOf(root: FuzzValue, path: (string | number)[]): FuzzValue {
  let node = root;
  for (const key of path.slice(0, -1)) node = (node as Record<string | number, FuzzValue>)[key] as FuzzValue;
  return node;
}

/** `value` with one to three random mutations (a deep copy; Raw tokens are shared). */
export function mutate(value: FuzzValue, rng: Rng): FuzzValue {
  let root: FuzzValue = structuredCloneFuzz(value);
  const rounds = 1 + rng.int(3);
  for (let round = 0; round < rounds; round += 1) {
    const paths = nodePaths(root);
    const path = rng.pick(paths);
    const kind = rng.int(6);
    if (path.length === 0) {
      if (kind < 2) root = nastyValue(rng);
      else if (kind < 3) root = [root];
      else if (root && typeof root === 'object' && !(root instanceof Raw) && !Array.isArray(root)) {
        root[rng.pick(['extra', '\u0000', 'version', '__proto__ '])] = nastyValue(rng);
      }
      continue;
    }
    const parent = parentOf(root, path) as Record<string | number, FuzzValue>;
    const key = path[path.length - 1] as string | number;
    if (kind < 3) parent[key] = nastyValue(rng);
    else if (kind < 4 && !Array.isArray(parent)) delete parent[key];
    else if (kind < 5 && !Array.isArray(parent)) parent[`${String(key)}\u0000`] = nastyValue(rng);
    else parent[key] = typeof parent[key] === 'string' ? 42 : writeJson(parent[key] as FuzzValue);
  }
  return root;
}

function structuredCloneFuzz(value: FuzzValue): FuzzValue {
  if (value instanceof Raw || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(structuredCloneFuzz);
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, structuredCloneFuzz(child)]));
}

/** Malformed (or odd but valid) JSON texts and the content types a JSON route must refuse. */
export function malformedJsonBody(rng: Rng, valid: string): { payload: string | Buffer; contentType?: string } {
  const choices: (() => { payload: string | Buffer; contentType?: string })[] = [
    () => ({ payload: valid.slice(0, rng.int(valid.length)) }),
    () => ({ payload: `${valid},` }),
    () => ({ payload: `${valid}}` }),
    () => ({ payload: `\ufeff${valid}` }),
    () => ({ payload: '' }),
    () => ({ payload: 'null' }),
    () => ({ payload: '"text"' }),
    () => ({ payload: '{"a":' }),
    () => ({ payload: "{'a':1}" }),
    () => ({ payload: Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from('"}')]) }),
    () => ({ payload: Buffer.from(valid, 'utf16le'), contentType: 'application/json; charset=utf-16' }),
    () => ({ payload: valid, contentType: 'text/plain' }),
    () => ({ payload: valid, contentType: 'application/x-www-form-urlencoded' }),
    () => ({ payload: valid, contentType: 'application/JSON' }),
    () => ({ payload: valid, contentType: 'application/json; charset=latin1' }),
    () => ({ payload: valid, contentType: 'application/json;;' }),
    () => ({ payload: valid, contentType: 'application/merge-patch+json' }),
    () => ({ payload: valid, contentType: 'multipart/form-data; boundary=x' }),
    () => ({ payload: valid, contentType: '' }),
    () => ({ payload: `{"x":"${'a'.repeat(1024 * 1024)}"}` }),
  ];
  return rng.pick(choices)();
}

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart/form-data body with one to three defects (or none), and its Content-Type. */
export function multipartCase(rng: Rng): { payload: Buffer; contentType: string } {
  const boundary = rng.pick(['b', 'fuzz-boundary', '----x'.repeat(20), 'a b', '"quoted"']);
  const fileNames = ['a.png', '', 'a\u0000.png', '../../etc/passwd', 'é€😀.png', 'x'.repeat(600), 'a"b.png'];
  const partHeader = (name: string, fileName: string | undefined, type: string | undefined) =>
    `Content-Disposition: form-data; name="${name}"${fileName === undefined ? '' : `; filename="${fileName}"`}\r\n` +
    (type ? `Content-Type: ${type}\r\n` : '');
  const bare = boundary.replace(/"/g, '');
  const parts: Buffer[] = [];
  const count = rng.pick([0, 1, 1, 1, 2, 3, 7]);
  for (let i = 0; i < count; i += 1) {
    const fileName = rng.chance(0.75) ? rng.pick(fileNames) : undefined;
    const type = rng.pick([undefined, 'application/octet-stream', 'image/png', 'text/plain', 'application/json']);
    const content = rng.pick([PNG_1X1, Buffer.from('plain text'), Buffer.alloc(0), Buffer.from([0, 0xff, 0xd8])]);
    const header = rng.chance(0.1)
      ? 'Garbage-Without-Colon\r\n'
      : partHeader(rng.pick(['file', '__proto__', 'x']), fileName, type);
    parts.push(Buffer.from(`--${bare}\r\n${header}\r\n`), content, Buffer.from('\r\n'));
  }
  if (rng.chance(0.8)) parts.push(Buffer.from(`--${bare}--\r\n`));
  let payload = Buffer.concat(parts);
  if (rng.chance(0.2)) payload = payload.subarray(0, rng.int(payload.length + 1));
  const contentType = rng.pick([
    `multipart/form-data; boundary=${boundary}`,
    `multipart/form-data; boundary=${boundary}`,
    'multipart/form-data',
    'multipart/form-data; boundary=',
    `multipart/form-data; boundary=other`,
    `multipart/mixed; boundary=${boundary}`,
    `multipart/form-data; charset=utf-8; boundary=${boundary}`,
  ]);
  return { payload, contentType };
}
