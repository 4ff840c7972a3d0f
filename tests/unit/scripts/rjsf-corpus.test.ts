/**
 * The rjsf corpus (tests/fixtures/rjsf-corpus): drop-in areas written to cover rjsf's documented
 * features (`good/`), deliberately broken folders with one mistake each (`broken/<case>/`), and
 * questionable but valid constructs (`questionable/`). `npm run validate:schemas` and the server's
 * judgement of each folder (`discoverAreaFolders`, which also compiles the validator submissions
 * are checked with) must agree on every one: same verdict, same messages (docs/behaviour.md
 * "Form areas").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateSchemasDir } from '../../../scripts/validate-schemas';
import { discoverAreaFolders, type AreaFolderResult } from '../../../src/server/domains/areas';
import { compileFormValidator } from '../../../src/server/domains/areas/validation';
import { isJsonObject, type JsonValue } from '../../../src/shared/json';
import { PORTAL_WIDGETS, RJSF_BUILTIN_WIDGETS, RJSF_REGISTRY_WIDGETS } from '../../../src/shared/widget-names';

/** Relative to the repository root, the working directory of the test run. */
const CORPUS = 'tests/fixtures/rjsf-corpus';
const GOOD = `${CORPUS}/good`;
const QUESTIONABLE = `${CORPUS}/questionable`;
const BROKEN = `${CORPUS}/broken`;

/** Each broken case: the exact problem lines, relative to its folder (`<Area>/<file>#<pointer>: …`). */
const BROKEN_CASES: Record<string, string[]> = {
  'area-json-bad-rule': [
    'AP/area.json#/rules/0/rule: must be one of "compare", "sum", "total"',
    'AP/area.json#/rules/1/op: must be one of "<", "<=", ">", ">=", "==", "!="',
    'AP/area.json#/rules/2/label: is required',
    'AP/area.json#/rules/2/lable: is not a field of a "total" rule (its fields: rule, each, field, times, label)',
  ],
  'area-json-unknown-field': [
    'AP/area.json#/listColumn: is not a field of area.json (its fields: key, title, group, description, version, listColumns, summaryField, handlers, parent, rules, approvals, ratesTicket)',
    'AP/area.json#/version: must be integer',
  ],
  'attachments-not-array': [
    'AP/ui.json#/notes/ui:widget: "attachments" needs an array of objects with an "id" (a file reference: id, name, size, mediaType)',
  ],
  'bad-ui-order': [
    'AP/ui.json#/ui:order/2: "amout" is not a field of the schema',
    'AP/ui.json#/ui:order: leaves out "amount", "notes" and has no "*"; rjsf refuses to render such a form',
  ],
  'dependency-names-no-field': [
    'Lease/schema.json#/dependencies/rent/0: "note" is made required by "rent" but is no field of the form: it could never be filled in',
  ],
  'enum-names-in-schema': [
    'Lease/schema.json#/properties/unit/enumNames: "enumNames" is not a draft-07 JSON Schema keyword, so nothing checks it (rjsf 6 takes option labels from "ui:enumNames" in ui.json)',
  ],
  'example-breaks-rule': [
    'AP/example.json#/amount: breaks area.json rules[0] (sum): the line items add up to 7,842.50, not 7,842.00',
  ],
  'example-invalid': [
    'AP/example.json#/vendorName: is required',
    'AP/example.json#/amount: must be number',
    'AP/example.json#/lineItems/1/glAccount: must match pattern "^[0-9]{4}-[0-9]{4}$"',
  ],
  'example-wrong-root': ['Lease/example.json: must be string'],
  'folder-name-invalid': [
    'Accounts-Payable: folder name "Accounts-Payable" is not an area key: letters and digits only (/^[A-Za-z0-9][A-Za-z0-9]{0,63}$/)',
    'Forms: folder name "Forms" is a reserved route segment and cannot be an area key',
  ],
  'invalid-json': [
    "AP/ui.json: is not valid JSON (Expected property name or '}' in JSON at position 4 (line 2 column 3))",
  ],
  'key-mismatch': ['AP/area.json#/key: "Ap" does not match the folder name "AP"; they must be equal'],
  'later-draft-keyword': [
    'Lease/schema.json#/dependentRequired: "dependentRequired" is not a draft-07 JSON Schema keyword, so nothing checks it (it is a keyword of a later draft; the portal reads draft-07)',
  ],
  'list-column-missing': ['AP/area.json#/listColumns/1: "amout" is not a field of the schema'],
  'misspelt-keyword': [
    'AP/schema.json#/properties/amount/exclusiveMinimun: "exclusiveMinimun" is not a draft-07 JSON Schema keyword, so nothing checks it (did you mean "exclusiveMinimum"?)',
  ],
  'parent-missing': [
    'AP/area.json#/parent: "Invoices" is not an area folder in tests/fixtures/rjsf-corpus/broken/parent-missing',
  ],
  'parent-nested': ['AP/area.json#/parent: "Vendor" is itself nested; only one level of nesting is supported'],
  'parent-refused': [
    'Lease/area.json#/parent: "Visit" is refused (see its problems), so this area nested under it is refused too',
    'Visit/schema.json#/properties/unit/type: is not valid JSON Schema: must be equal to one of the allowed values',
  ],
  'required-missing-property': [
    'AP/schema.json#/required/0: "vendorNam" is required but is no field of the form (nor may other fields be added): it could never be filled in',
    'AP/schema.json#/allOf/0/then/required/0: "rushReson" is required but is no field of the form (nor may other fields be added): it could never be filled in',
    'AP/example.json#/vendorNam: is required',
  ],
  'rich-text-not-string': [
    'Lease/ui.json#/rent/ui:widget: "richText" needs a "string" field (it stores the document as JSON text)',
  ],
  'root-array-summary-field': [
    "Lease/area.json#/summaryField: the schema's root is an array, not an object (a form of one field): it has no field to summarise by; leave summaryField out (the summary is the value itself)",
  ],
  'root-integer-nested': [
    "Lease/area.json#/parent: the schema's root is an integer, not an object (a form of one field): a nested area starts from its parent's property field and needs fields",
  ],
  'root-string-list-columns': [
    "Lease/area.json#/listColumns: the schema's root is a string, not an object (a form of one field): it has no fields to show as columns; leave listColumns out (lists show the value itself)",
  ],
  'root-string-property-picker': [
    "Lease/ui.json#/ui:options/optionsFrom: the schema's root is a string, not an object (a form of one field): a property, colleague or role-group picker must be a field of an object",
  ],
  'rule-total-not-number': ['AP/area.json#/rules/0: "glAccount" is not a number property'],
  'rule-unknown-field': ['AP/area.json#/rules/0: "amout" is not a property of the items of "/lineItems"'],
  'schema-invalid': [
    'AP/schema.json#/properties/vendorName/type: is not valid JSON Schema: must be equal to one of the allowed values',
  ],
  'schema-missing': ['Lease/schema.json: is missing'],
  'schema-not-object': ['Lease/schema.json: must be a JSON object (a JSON Schema)'],
  'summary-field-missing': ['AP/area.json#/summaryField: "vendor" is not a field of the schema'],
  'ui-key-not-in-branch': ['Lease/ui.json#/deposti: "deposti" is not a field of the schema'],
  'ui-key-under-ref': ['Lease/ui.json#/address/stret: "stret" is not a field of the schema'],
  'ui-oneof-not-list': ['Lease/ui.json#/contact/oneOf: must be a list of UI schemas, one per entry of "oneOf"'],
  'ui-order-not-list': ['Lease/ui.json#/ui:order: must be a list of field names'],
  'ui-tuple-too-long': ['Lease/ui.json#/pair/items/2: "items" has no entry 2 in the schema'],
  'ui-unknown-key': ['AP/ui.json#/lineItems/items/glAcount: "glAcount" is not a field of the schema'],
  'ui-unknown-widget': [
    'AP/ui.json#/notes/ui:widget: "richtext" is not a widget rjsf or the portal knows; did you mean "richText"?',
    'AP/ui.json#/dueDate/ui:options/widget: "altdate" is not a widget rjsf or the portal knows; did you mean "alt-date"?',
  ],
  'unknown-schema-version': [
    'Lease/schema.json#/$schema: is not a JSON Schema version the portal reads (draft-07): no schema with key or ref "https://json-schema.org/draft/2020-12/schema"',
  ],
  'unresolved-ref': [
    "Lease/schema.json#/properties/address/$ref: does not compile: can't resolve reference #/definitions/adress",
  ],
  'widget-wrong-type': [
    'Lease/ui.json#/notes/ui:widget: "updown" is not a widget for a "string" field: rjsf fails to render it (a "string" field takes text, password, email, hostname, ipv4, ipv6, uri, data-url, radio, select, textarea, hidden, date, datetime, date-time, alt-date, alt-datetime, time, color, file, rjsf\'s registered widgets (AltDateTimeWidget, AltDateWidget, CheckboxWidget, CheckboxesWidget, ColorWidget, DateTimeWidget, DateWidget, EmailWidget, FileWidget, HiddenWidget, PasswordWidget, RadioWidget, RangeWidget, RatingWidget, SelectWidget, TextWidget, TextareaWidget, TimeWidget, URLWidget, UpDownWidget) and the portal\'s (richText, attachments, image))',
  ],
};

const brokenCases = readdirSync(BROKEN).sort();
/** Every schemas folder of the corpus: the good areas, the questionable one, each broken case. */
const SCHEMAS_DIRS = [GOOD, QUESTIONABLE, ...brokenCases.map((name) => `${BROKEN}/${name}`)];

/** The checker's lines about one area folder (its problems, or its warnings). */
function linesOf(lines: readonly string[], folder: string): string[] {
  return lines.filter((line) => line.startsWith(`${folder}/`) || line.startsWith(`${folder}:`));
}

describe('the checker and the server agree on every corpus folder', () => {
  it.each(SCHEMAS_DIRS)(
    '%s: the same verdict and the same messages for each area folder',
    { timeout: 30_000 },
    async (dir) => {
      const checker = await validateSchemasDir(dir);
      const server: AreaFolderResult[] = await discoverAreaFolders(dir);
      expect(checker.areas).toBe(server.length);
      for (const result of server) {
        const refused = linesOf(checker.problems, result.folder);
        expect({ folder: result.folder, refused: refused.length > 0, problems: refused }).toEqual({
          folder: result.folder,
          refused: result.area === null,
          problems: result.problems,
        });
        expect(linesOf(checker.warnings, result.folder)).toEqual(result.warnings);
        if (!result.area) continue;
        // what the server accepts compiles, as the submissions route compiles it, and takes its example
        const validate = compileFormValidator(result.area.definition.schema);
        if (result.area.exampleData !== undefined) expect(validate(result.area.exampleData)).toEqual([]);
      }
    },
  );
});

describe('the good corpus', () => {
  it('has at least 25 areas, each with schema.json, ui.json, area.json and example.json', () => {
    const keys = readdirSync(GOOD);
    expect(keys.length).toBeGreaterThanOrEqual(25);
    for (const key of keys) {
      expect(readdirSync(join(GOOD, key)).sort(), key).toEqual(['area.json', 'example.json', 'schema.json', 'ui.json']);
    }
  });

  it('names every widget of rjsf 6 (registry names and short names) and of the portal somewhere', () => {
    const used = new Set<string>();
    const collect = (value: JsonValue) => {
      if (Array.isArray(value)) value.forEach(collect);
      if (!isJsonObject(value)) return;
      for (const [key, child] of Object.entries(value)) {
        if (key === 'ui:widget' && typeof child === 'string') used.add(child);
        collect(child);
      }
    };
    for (const key of readdirSync(GOOD)) {
      collect(JSON.parse(readFileSync(join(GOOD, key, 'ui.json'), 'utf8')) as JsonValue);
    }
    const every = [...RJSF_REGISTRY_WIDGETS, ...RJSF_BUILTIN_WIDGETS, ...PORTAL_WIDGETS];
    expect(every.filter((name) => !used.has(name))).toEqual([]);
  });

  it('is accepted without a problem or a warning', async () => {
    expect(await validateSchemasDir(GOOD)).toEqual({ areas: readdirSync(GOOD).length, problems: [], warnings: [] });
  });

  it('loads every area on the server, three of them forms of one field', async () => {
    const results = await discoverAreaFolders(GOOD);
    expect(results.filter((result) => !result.area).map((result) => result.key)).toEqual([]);
    const oneField = results
      .filter((result) => result.area && result.area.example === null)
      .map((result) => result.key);
    expect(oneField).toEqual(['SingleArray', 'SingleNumber', 'SingleString']);
  });
});

describe('the questionable corpus', () => {
  it('loads, with warnings only', async () => {
    const report = await validateSchemasDir(QUESTIONABLE);
    expect(report.problems).toEqual([]);
    expect(report.warnings.map((line) => line.replace(`${QUESTIONABLE}/Odd/`, ''))).toEqual([
      'schema.json#/dependencies/fax: "fax" is no field of the form: this dependency never applies',
      'schema.json#/then: "then" without "if" is ignored',
      'schema.json#/properties/phone/format: "phone" is not a format ajv knows: values are not checked against it',
      'schema.json#/properties/pair/additionalItems: "additionalItems" is ignored unless "items" is a list of schemas (a tuple)',
      'schema.json#/properties/size/default: does not validate against its own schema: must be >= 1',
      'schema.json#/properties/unit/examples/1: does not validate against its own schema: must be string',
      'ui.json#/ui:field: "FancyField" is not a field rjsf or the form engine registers: rjsf renders its own field instead',
      'ui.json#/address/ui:widget: rjsf renders an object without a widget: "textarea" is ignored',
    ]);
  });
});

describe('the broken corpus', () => {
  it('has an expectation for every case folder, so none goes unchecked', () => {
    expect(brokenCases).toEqual(Object.keys(BROKEN_CASES).sort());
  });

  it.each(Object.entries(BROKEN_CASES))(
    '%s: is refused, each problem named by file and JSON Pointer',
    async (name, lines) => {
      const report = await validateSchemasDir(`${BROKEN}/${name}`);
      expect(report.problems).toEqual(lines.map((line) => `${BROKEN}/${name}/${line}`));
      expect(report.problems.length).toBeGreaterThan(0);
    },
  );
});
