/**
 * An answer as the release the request is served as wrote it. The latest release is the working
 * definition's answer, unchanged. An earlier release first gets the shapes it had where a later
 * one changed something a client can notice (RELEASE_SHAPES, by the schema the answer names), then
 * keeps only the fields its own definition declares, as every sandbox answer keeps only declared
 * fields: a 1.0.0 client never sees a field 1.0.0 did not have.
 */
import {isObject, type Json, type JsonObject} from '../api-data.ts';
import {resolve} from '../../definition/index.ts';
import {answerKind} from '../operations/generic.ts';
import {pruneToSchema} from '../validation.ts';
import type {Answer, Call, World} from '../world.ts';
import {isLatest, releaseDocument} from './releases.ts';
import {shapeAt} from './release-shapes.ts';
import {servedProblem} from './served-problem.ts';

/** The body pruned to what the release's definition declares for this operation's JSON answer with `status`. */
function declaredBy(version: string, call: Pick<Call, 'op'>, status: number, body: Json): Json {
  const doc = releaseDocument(version);
  const follow = (node: Json | undefined): Json | undefined =>
    isObject(node) ? (resolve(doc, node, '#').node as Json) : node;
  const paths = follow(doc.paths);
  const item = isObject(paths) ? follow(paths[call.op.path]) : undefined;
  const operation = isObject(item) ? follow(item[call.op.method.toLowerCase()]) : undefined;
  const responses = isObject(operation) ? follow(operation.responses) : undefined;
  const response = isObject(responses) ? follow(responses[String(status)]) : undefined;
  const content = isObject(response) ? follow(response.content) : undefined;
  const media = isObject(content) ? follow(content['application/json']) : undefined;
  return isObject(media) ? pruneToSchema(follow, media.schema, body) : body;
}

function servedAnswer(call: Pick<Call, 'op' | 'apiVersion'>, world: World, answer: Answer): Answer {
  if (isLatest(call.apiVersion) || !isObject(answer.body)) return answer;
  const {kind, list} = answerKind(world.definition, call.op);
  const reshape = kind ? shapeAt(call.apiVersion, kind) : undefined;
  let body: JsonObject = answer.body;
  if (reshape && list && Array.isArray(body.items))
    body = {...body, items: body.items.map((item) => (isObject(item) ? reshape(item, world) : item))};
  else if (reshape && !list) body = reshape(body, world);
  return {...answer, body: declaredBy(call.apiVersion, call, answer.status, body)};
}

/** Runs a handler and answers, or fails, as the release the call is served as. */
export async function servedCall(
  call: Pick<Call, 'op' | 'apiVersion'>,
  world: World,
  run: () => Answer | Promise<Answer>,
): Promise<Answer> {
  try {
    return servedAnswer(call, world, await run());
  } catch (error) {
    throw servedProblem(call.apiVersion, error);
  }
}
