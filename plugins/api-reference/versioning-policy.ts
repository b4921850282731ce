/**
 * The versioning policy on /api/introduction (config/changelog.ts): the change rules in the words
 * the API changes check reports them by (definition/changes/rules.ts), the enums the definition
 * declares open with their values today, the deprecation notice period and the webhook version's
 * lifecycle, so the page states what the check enforces.
 */
import type {ChangeSeverity, VersioningPolicyData} from '../../config/changelog.ts';
import {CHANGE_RULES} from '../../definition/changes/rules.ts';
import type {ApiDefinition, Field, Json} from '../../definition/index.ts';
import {lifecycle} from '../../definition/lifecycle.ts';
import {OPEN_ENUM_EXTENSION, openEnums} from '../../definition/open-enums.ts';
import {inlineMarkdownToHtml} from './markdown-html.ts';

/** The values of a component enum, from the first field anywhere in the model that is that schema. */
function enumValues(model: ApiDefinition, name: string): string[] {
  if (name === 'ErrorCode') return model.errorCodes.map((c) => c.code);
  const fields: Field[] = [];
  for (const op of model.operations) {
    for (const p of [...op.parameters.path, ...op.parameters.query, ...op.parameters.header]) fields.push(p.schema);
    if (op.requestBody) fields.push(op.requestBody.schema);
    for (const r of op.responses) if (r.body) fields.push(r.body.schema);
  }
  for (const w of model.webhooks) if (w.payload) fields.push(w.payload.schema);
  const find = (field: Field): Json[] | undefined => {
    if (field.schemaName === name && field.enum) return field.enum;
    if (field.items?.schemaName === name && field.items.enum) return field.items.enum;
    for (const child of field.children) {
      const found = find(child);
      if (found) return found;
    }
    return undefined;
  };
  for (const field of fields) {
    const found = find(field);
    if (found) return found.map(String);
  }
  throw new Error(`api-reference: the open enum ${name} is not an enum any operation or webhook uses`);
}

export function versioningPolicy(model: ApiDefinition): VersioningPolicyData {
  const rules: Record<ChangeSeverity, string[]> = {breaking: [], additive: [], deprecated: []};
  for (const {severity, sentence} of CHANGE_RULES) rules[severity].push(inlineMarkdownToHtml(sentence));
  const {deprecationNoticeDays, webhookVersion} = lifecycle();
  return {
    rules,
    openEnums: openEnums().map((name) => ({name, values: enumValues(model, name)})),
    openEnumExtension: OPEN_ENUM_EXTENSION,
    deprecationNoticeDays,
    webhookVersion,
  };
}
