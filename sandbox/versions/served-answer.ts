/**
 * An answer as the release the request is served as wrote it. The latest release is the working
 * definition's answer, unchanged. An earlier release first gets the shapes it had where a later
 * one changed something a client can notice (RELEASE_SHAPES, by the schema the answer names), then
 * keeps only the fields its own definition declares, as every sandbox answer keeps only declared
 * fields: a 1.0.0 client never sees a field 1.0.0 did not have.
 */
import {isObject, type Json, type JsonObject} from '../api-data.ts';
import type {Operation} from '../definition.ts';
import {answerKind} from '../operations/generic.ts';
import type {Answer, Call, World} from '../world.ts';
import type {ServedVersion} from './api-versions.ts';
import {shapeAt} from './release-shapes.ts';
import {servedProblem} from './served-problem.ts';

/** The body pruned to what the served release declares for its operation's JSON answer with `status`. */
function declaredBy(served: ServedVersion, op: Operation, status: number, body: Json): Json {
  const declared = served.definition.response(op, status)?.body;
  if (declared?.mediaType !== 'application/json') return body;
  return served.validator.prune(served.definition.at(declared.schemaPointer), body);
}

function servedAnswer(
  served: ServedVersion,
  op: Operation,
  call: Pick<Call, 'op' | 'apiVersion'>,
  world: World,
  answer: Answer,
): Answer {
  if (served.latest || !isObject(answer.body)) return answer;
  const {kind, list} = answerKind(world.definition, call.op);
  const reshape = kind ? shapeAt(call.apiVersion, kind) : undefined;
  let body: JsonObject = answer.body;
  if (reshape && list && Array.isArray(body.items))
    body = {...body, items: body.items.map((item) => (isObject(item) ? reshape(item, world) : item))};
  else if (reshape && !list) body = reshape(body, world);
  return {...answer, body: declaredBy(served, op, answer.status, body)};
}

/**
 * Runs a handler and answers, or fails, as the release `served` wrote it; `op` is the operation in
 * that release's definition, `call` the handler's (the working definition's).
 */
export async function servedCall(
  served: ServedVersion,
  op: Operation,
  call: Pick<Call, 'op' | 'apiVersion'>,
  world: World,
  run: () => Answer | Promise<Answer>,
): Promise<Answer> {
  try {
    return servedAnswer(served, op, call, world, await run());
  } catch (error) {
    throw servedProblem(served, error);
  }
}
