/** Built by scripts/lib/precompiled-validators.ts: the precompiled validator module of a JSON Schema file. */
declare module '*.json?validator' {
  const validators: (require: (name: string) => unknown) => import('@rjsf/validator-ajv8').ValidatorFunctions;
  export default validators;
}
