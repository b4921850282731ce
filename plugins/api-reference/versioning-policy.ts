/**
 * The versioning policy on /api/introduction (config/changelog.ts): the change rules in the words
 * the API changes check reports them by (definition/changes/rules.ts), the enums the definition
 * declares open with their values today, the deprecation notice period and the webhook version's
 * lifecycle (`x-api-lifecycle`), so the page states what the check enforces.
 */
import type {ChangeSeverity, VersioningPolicyData} from '../../config/changelog.ts';
import {CHANGE_RULES} from '../../definition/index.ts';
import {lifecycleOf, OPEN_ENUM_EXTENSION, openEnumsOf, type ApiDefinition} from '../../definition/index.ts';
import {isObject} from '../../definition/index.ts';
import {inlineMarkdownToHtml} from './markdown-html.ts';

/** The values of a component schema's enum, in the definition's order. */
function enumValues(model: ApiDefinition, name: string): string[] {
  const schemas = isObject(model.document.components) ? model.document.components.schemas : undefined;
  const schema = isObject(schemas) ? schemas[name] : undefined;
  if (!isObject(schema) || !Array.isArray(schema.enum))
    throw new Error(`api-reference: #/components/schemas/${name} has no enum`);
  return schema.enum.map(String);
}

export function versioningPolicy(model: ApiDefinition): VersioningPolicyData {
  const rules: Record<ChangeSeverity, string[]> = {breaking: [], additive: [], deprecated: []};
  for (const {severity, sentence} of CHANGE_RULES) rules[severity].push(inlineMarkdownToHtml(sentence));
  const lifecycle = lifecycleOf(model.document);
  if (!lifecycle) throw new Error('api-reference: the definition states no #/x-api-lifecycle for the policy');
  const versions = enumValues(model, 'WebhookVersion');
  return {
    rules,
    openEnums: openEnumsOf(model.document).map((name) => ({name, values: enumValues(model, name)})),
    openEnumExtension: OPEN_ENUM_EXTENSION,
    deprecationNoticeDays: lifecycle.deprecationNoticeDays,
    webhookVersion: {
      // Versions are dates: the newest is the current one.
      current: [...versions].sort().at(-1)!,
      supportedDaysAfterSuccessor: lifecycle.webhookVersionSupportDays,
    },
  };
}
