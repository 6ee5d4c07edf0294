/**
 * Values a hostile or careless client sends instead of what a contract asks for, and fast-check arbitraries over
 * them, for the contract fuzz suite (`contract-fuzz.api.test.ts`). The lists are the ones that broke servers we
 * know of: numbers past what a database column holds, encodings that do not decode, text that moves a path,
 * ends a line or hides itself, and shapes of the wrong kind.
 */
import fc from 'fast-check';

/** A JSON number written as it is on the wire (`-0`, `1e400`, 20 digits), which `JSON.stringify` would rewrite. */
export class RawJsonNumber {
  constructor(readonly text: string) {}
}

/** A query or path text sent as it is, without percent-encoding (`%`, `%zz`, `%00`): the router decodes it. */
export class RawText {
  constructor(readonly text: string) {}
}

/** Numbers at and past every boundary a column or a parser has: int4, int8, safe integers, doubles. */
export const HOSTILE_NUMBERS: readonly number[] = [
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  -0,
  0,
  -1,
  0.5,
  1.5,
];

/** Numbers JSON can carry but `JSON.stringify` cannot write: beyond doubles, beyond int8, negative zero. */
export const HOSTILE_JSON_NUMBERS: readonly RawJsonNumber[] = [
  '1e400',
  '-1e400',
  '-0',
  '9223372036854775808',
  '-9223372036854775809',
  '123456789012345678901234567890',
  '1.0000000000000000000000001',
].map((text) => new RawJsonNumber(text));

/** Texts where a query or path expects a number. */
export const HOSTILE_NUMBER_TEXTS: readonly string[] = [
  '9007199254740991',
  '-9007199254740991',
  '9007199254740993',
  '9223372036854775808',
  '-9223372036854775809',
  '2147483648',
  '-2147483649',
  '1e308',
  '1e400',
  '-0',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '0b11',
  '1_000',
  ' 1 ',
  '1.',
  '.5',
  '+1',
  '١٢',
  '',
];

const LONG = 'a'.repeat(20_000);
const LONG_WIDE = '𠀀'.repeat(3_000);

/** Texts that move a path, end a header line, hide their direction, stop a C string or run long. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '%',
  '%00',
  '%zz',
  '%2e%2e%2f',
  '../',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/',
  '\u0000',
  'a\u0000b',
  '\r\n',
  'x\r\nSet-Cookie: hostile=1',
  '\u202e\u2066abc\u2069',
  '\u200b\ufeff',
  '\ud800',
  '\udfff\ud800',
  '😀'.repeat(50),
  "' or 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  LONG,
  LONG_WIDE,
];

/** Keys added to objects: prototype keys, control characters and an over-long name. */
export const HOSTILE_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  '',
  '\u0000',
  'a.b',
  'a[b]',
  'x'.repeat(500),
  'extra',
];

/** Query strings that no contract describes, appended to a route's own. */
export const HOSTILE_QUERY_TEXTS: readonly string[] = [
  '%',
  '%zz=1',
  '=&&=',
  'a[]=1&a[]=2',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  `${'k'.repeat(2_000)}=1`,
  'page_num=1&page_num=2',
  '\u0000=\u0000',
];

/** Bodies that are not the JSON their content type says, or no body at all. */
export const HOSTILE_RAW_BODIES: readonly string[] = [
  '',
  ' ',
  '{',
  '{"a":',
  '[',
  'null',
  'not json',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"a":1,"a":2}',
  '\u0000',
  '\ufeff{}',
  `[${'['.repeat(5_000)}`,
  `{"a":"${'b'.repeat(50_000)}"}`,
];

export const HOSTILE_CONTENT_TYPES: readonly string[] = [
  'application/json',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/xml',
];

/** Text safe to put in a header (printable ASCII) yet not what any header expects. */
export const HOSTILE_HEADER_TEXTS: readonly string[] = [
  '',
  ' ',
  '%00',
  '../',
  'null',
  'Bearer',
  'Bearer ',
  'Bearer null',
  `Bearer ${'x'.repeat(4_000)}`,
  'Basic dXNlcjpwYXNz',
  "' or 1=1 --",
  'x'.repeat(8_000),
];

/** Any hostile scalar: a number, a text, a boolean or null. */
export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(...HOSTILE_JSON_NUMBERS),
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBER_TEXTS),
  fc.constantFrom(true, false, null),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
);

/** A hostile value of any shape: a scalar, or an array or object of them where a scalar is expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...HOSTILE_KEYS), hostileScalar, { maxKeys: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      [],
      {},
      [[]],
      [{}],
      Array.from({ length: 2_000 }, (_, i) => i),
    ),
  },
);

/** An object of fields no contract declares. */
export const hostileRecord: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  fc.constantFrom(...HOSTILE_KEYS),
  hostileValue,
  { minKeys: 1, maxKeys: 3 },
);

/** Hostile values aimed at a number: boundary numbers first, then texts, then anything. */
export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_JSON_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBER_TEXTS) },
  { weight: 1, arbitrary: hostileValue },
);

/** Hostile values aimed at a text. */
export const hostileString: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: hostileValue },
);

/** Hostile texts for a query or a path segment: encoded by the caller, or raw so the server has to decode them. */
export const hostileText: fc.Arbitrary<string | RawText> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBER_TEXTS) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%', '%zz', '%00', '%c0%ae', '..', '.', '%2F', '%ff%fe').map((t) => new RawText(t)),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
);
